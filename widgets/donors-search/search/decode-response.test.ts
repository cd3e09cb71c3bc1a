import { DECODE_MESSAGES, errorMessages, toLatLng, toText } from './answer-rules.js';
import { decodeResponse } from './decode-response.ts';

const centre = { lat: 40.75, lng: -73.99 };
const item = (fields: Record<string, unknown> = {}) => ({
  number: 101,
  title: 'Sofa',
  zipcode: '10001',
  date: '2025-01-02 03:04:05',
  coordinates: { lat: 40.7, lng: -74 },
  ...fields,
});
const body = (fields: Record<string, unknown> = {}) => ({
  request: { zipcode: '10001', radius: '15', days: '30' },
  coordinates: centre,
  donations_by_zipcode: { '10001': 1 },
  data: { donations: [item()] },
  ...fields,
});

describe('decodeResponse: answers that are not results become messages', () => {
  test.each([
    ['null', null, [DECODE_MESSAGES.empty]],
    ['an empty string', '', [DECODE_MESSAGES.empty]],
    ['an array', [1, 2], [DECODE_MESSAGES.notAnObject]],
    ['a number', 42, [DECODE_MESSAGES.notAnObject]],
    [
      'the route’s error with message arrays',
      { errors: { nozipcodes: ['No zip codes returned for 00000.'] }, error_data: [] },
      ['No zip codes returned for 00000.'],
    ],
    [
      'several keys with several messages each, in order',
      { errors: { invalid_radius: ['Radius too big.', 'Radius too small.'], invalid_days: ['Days wrong.'] } },
      ['Radius too big.', 'Radius too small.', 'Days wrong.'],
    ],
    ['messages as strings per key', { errors: { unavailable: 'Not now.' } }, ['Not now.']],
    ['an errors array', { errors: ['First.', 'Second.'] }, ['First.', 'Second.']],
    ['a bare errors string', { errors: 'Broken.' }, ['Broken.']],
    [
      'errors without readable messages',
      { errors: { x: [{ nested: true }] } },
      [DECODE_MESSAGES.errorWithoutMessage],
    ],
    ['no coordinates', body({ coordinates: undefined }), [DECODE_MESSAGES.noCoordinates]],
    ['coordinates false', body({ coordinates: false }), [DECODE_MESSAGES.noCoordinates]],
    ['coordinates out of range', body({ coordinates: { lat: 91, lng: 0 } }), [DECODE_MESSAGES.noCoordinates]],
    ['no data', body({ data: undefined }), [DECODE_MESSAGES.noDonations]],
    ['donations that are not a list', body({ data: { donations: {} } }), [DECODE_MESSAGES.noDonations]],
  ])('%s', (_name, json, messages) => {
    expect(decodeResponse(json)).toEqual({ ok: false, messages });
  });
});

describe('decodeResponse: results', () => {
  test.each([
    ['an empty errors object', { errors: {} }],
    ['an empty errors array (PHP’s empty array)', { errors: [] }],
    ['errors null', { errors: null }],
  ])('ignores %s', (_name, fields) => {
    expect(decodeResponse(body(fields)).ok).toBe(true);
  });

  test('keeps every field as text and the position of each donation', () => {
    const decoded = decodeResponse(body());
    expect(decoded).toEqual({
      ok: true,
      results: {
        center: centre,
        donations: [
          {
            number: '101',
            title: 'Sofa',
            zipcode: '10001',
            date: '2025-01-02 03:04:05',
            position: { lat: 40.7, lng: -74 },
          },
        ],
        countsByZip: new Map([['10001', 1]]),
      },
    });
  });

  test.each([
    ['coordinates false', false],
    ['no coordinates', undefined],
    ['coordinates with a missing lng', { lat: 40 }],
    ['coordinates that are text', 'here'],
  ])('a donation with %s keeps its row but has no position', (_name, coordinates) => {
    const decoded = decodeResponse(body({ data: { donations: [item({ coordinates })] } }));
    if (!decoded.ok) throw new Error('expected results');
    expect(decoded.results.donations).toHaveLength(1);
    expect(decoded.results.donations[0]).not.toHaveProperty('position');
  });

  test('markup in any field stays text', () => {
    const script = '<img src=x onerror="window.__pwned=1">';
    const decoded = decodeResponse(body({ data: { donations: [item({ title: script, number: script })] } }));
    if (!decoded.ok) throw new Error('expected results');
    expect(decoded.results.donations[0]).toMatchObject({ title: script, number: script });
  });

  test('items that are not objects are dropped; fields that are not text read as empty', () => {
    const decoded = decodeResponse(
      body({ data: { donations: [null, 'x', item({ title: { html: '<b>' } })] } }),
    );
    if (!decoded.ok) throw new Error('expected results');
    expect(decoded.results.donations).toEqual([expect.objectContaining({ title: '' })]);
  });

  test('a zip missing from donations_by_zipcode gets the count of its donations', () => {
    const donations = [item(), item({ zipcode: '10002' }), item({ zipcode: '10002' })];
    const decoded = decodeResponse(body({ donations_by_zipcode: { '10001': 7 }, data: { donations } }));
    if (!decoded.ok) throw new Error('expected results');
    expect([...decoded.results.countsByZip]).toEqual([
      ['10001', 7],
      ['10002', 2],
    ]);
  });

  test('an empty donations_by_zipcode array (PHP’s empty array) counts every zip from the donations', () => {
    const decoded = decodeResponse(body({ donations_by_zipcode: [], data: { donations: [] } }));
    expect(decoded).toMatchObject({ ok: true, results: { donations: [], countsByZip: new Map() } });
  });
});

describe('readers', () => {
  test.each([
    ['abc', 'abc'],
    [12, '12'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [{ a: 1 }, ''],
    [['a'], ''],
  ])('toText(%j) is %j', (value, text) => {
    expect(toText(value)).toBe(text);
  });

  test.each([
    [
      { lat: 1, lng: 2 },
      { lat: 1, lng: 2 },
    ],
    [
      { lat: '40.5', lng: '-73.25' },
      { lat: 40.5, lng: -73.25 },
    ],
    [{ lat: '', lng: 2 }, undefined],
    [{ lat: Number.NaN, lng: 2 }, undefined],
    [{ lat: 1, lng: 181 }, undefined],
    [false, undefined],
    [[1, 2], undefined],
  ])('toLatLng(%j) is %j', (value, position) => {
    expect(toLatLng(value)).toEqual(position);
  });

  test.each([
    [undefined, []],
    [{}, []],
    [[], []],
    [{ a: ['x', 7] }, ['x', '7']],
    [{ a: ['', '  '] }, [DECODE_MESSAGES.errorWithoutMessage]],
  ])('errorMessages(%j) is %j', (errors, messages) => {
    expect(errorMessages(errors)).toEqual(messages);
  });
});
