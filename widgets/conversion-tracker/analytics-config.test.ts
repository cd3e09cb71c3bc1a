import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { parseTestSection } from '../../test/island-context.ts';
import { analyticsParser } from './analytics-config.ts';
import { DEFAULT_ANALYTICS, DEFAULT_CONVERSIONS } from './analytics-defaults.ts';
import { findConversion } from './match.ts';

const parse = (json: Record<string, unknown>) => parseTestSection(analyticsParser(DEFAULT_ANALYTICS), json);

describe('the analytics config', () => {
  it('reads an empty section as exactly the defaults a page without one uses', () => {
    // A page without the section leaves the consent keys to the consent gate's same defaults.
    const consent = { consent: 'api', statisticsCategory: 'statistics', marketingCategory: 'marketing' };
    expect(parse({ analytics: {} })).toEqual({ config: { ...DEFAULT_ANALYTICS, ...consent }, problems: [] });
  });

  it('reads how conversions wait for consent, and names each wrong key', () => {
    const consent = {
      consent: 'tag',
      statisticsCategory: 'statistics-anonymous',
      marketingCategory: 'statistics',
    };
    expect(parse({ analytics: consent }).config).toMatchObject(consent);
    const { config, problems } = parse({
      analytics: { consent: 'gtag', statisticsCategory: 'stats', marketingCategory: 7 },
    });
    expect(config).toMatchObject({
      consent: 'api',
      statisticsCategory: 'statistics',
      marketingCategory: 'marketing',
    });
    expect(problems).toEqual([
      'analytics.consent: one of api, tag',
      'analytics.statisticsCategory: one of functional, preferences, statistics, statistics-anonymous, marketing',
      'analytics.marketingCategory: one of functional, preferences, statistics, statistics-anonymous, marketing',
    ]);
  });

  it('defaults to the two conversion pages with their goals, values and currency', () => {
    const { config, problems } = parse({});
    expect(problems).toEqual([]);
    expect(config.conversions).toBe(DEFAULT_CONVERSIONS);
    const [donation, signUp] = config.conversions;
    expect(donation).toMatchObject({ path: '/thank-you/', value: 200.0, currency: 'USD' });
    expect(donation?.events.map((e) => e.name)).toEqual([
      'purchase',
      'donation',
      'donation_thank_you_page',
      'completed_donation_w__screening_question',
    ]);
    expect(signUp).toMatchObject({ path: '/sign-up/sign-up-complete/', value: 0.0, currency: 'USD' });
    expect(signUp?.events.map((e) => e.name)).toEqual(['pick_up_provider_sign_up___all_details']);
    expect(config).toMatchObject({ siteSearch: false, transactionId: '' });
    expect(config.searchParams).toEqual(['q', 's', 'search', 'query', 'keyword']);
  });

  it('reads configured conversions with their send_to ids', () => {
    const { config } = parse({
      analytics: {
        conversions: [
          {
            path: '/gracias/',
            value: 150,
            currency: 'EUR',
            events: [{ name: 'donation', sendTo: 'AW-1/x' }],
          },
        ],
        siteSearch: true,
      },
    });
    expect(config.conversions).toEqual([
      { path: '/gracias/', value: 150, currency: 'EUR', events: [{ name: 'donation', sendTo: 'AW-1/x' }] },
    ]);
    expect(config.siteSearch).toBe(true);
  });

  it('names each bad nested key by its path and keeps its default', () => {
    const { config, problems } = parse({
      analytics: {
        siteSearch: 'yes',
        conversions: [{ path: '/thank-you/', value: 5, currency: 'usd', events: [{ name: 'a b' }] }, 7],
      },
    });
    expect(problems).toEqual([
      'analytics.conversions[1]: an object',
      'analytics.conversions[0].currency: a three-letter currency code',
      'analytics.conversions[0].events[0].name: an event name (letters, digits, _)',
      'analytics.siteSearch: true or false',
    ]);
    expect(config.siteSearch).toBe(false);
    expect(config.conversions).toEqual([
      { path: '/thank-you/', value: 5, currency: 'USD', events: [{ name: 'conversion', sendTo: '' }] },
    ]);
  });

  describe('a conversion path, which has no default because "/" would make the home page a conversion', () => {
    let consoleError: MockInstance<typeof console.error>;
    beforeEach(() => {
      consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    });
    afterEach(() => consoleError.mockRestore());

    const purchase = { value: 200, events: [{ name: 'purchase' }] };
    const valid = { path: '/gracias/', value: 1, currency: 'EUR', events: [] };

    it.each([
      ['no leading slash', 'thank-you/'],
      ['empty', ''],
      ['with a space', '/thank you/'],
      ['a full URL', 'https://example.org/thank-you/'],
    ])('%s (%j): reported once by the reader and the conversion dropped', (_, path) => {
      const { config, problems } = parse({ analytics: { conversions: [{ ...purchase, path }, valid] } });
      expect(problems).toEqual(['analytics.conversions[0].path: a path starting with /']);
      expect(consoleError).not.toHaveBeenCalled();
      expect(config.conversions).toEqual([valid]);
      expect(findConversion('/', config.conversions)).toBeUndefined();
    });

    it('missing: one problem naming the key, and the conversion dropped', () => {
      const { config, problems } = parse({ analytics: { conversions: [valid, purchase] } });
      expect(problems).toEqual(['analytics.conversions[1].path: a path starting with /']);
      expect(config.conversions).toEqual([valid]);
      expect(findConversion('/', config.conversions)).toBeUndefined();
    });

    it('every entry dropped leaves no conversions, never the defaults', () => {
      const { config } = parse({ analytics: { conversions: [purchase, { ...purchase, path: 'x' }] } });
      expect(config.conversions).toEqual([]);
    });

    it('"/" written out is kept: the home page, and only it, is then a conversion page', () => {
      const { config, problems } = parse({ analytics: { conversions: [{ ...purchase, path: '/' }] } });
      expect(problems).toEqual([]);
      expect(findConversion('/', config.conversions)?.path).toBe('/');
      expect(findConversion('/about/', config.conversions)).toBeUndefined();
    });
  });
});
