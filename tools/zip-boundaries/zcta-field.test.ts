import { describe, expect, it } from 'vitest';
import { chooseZctaField, zctaCode } from './zcta-field.js';

describe('the zip code field', () => {
  it.each([
    [['ZCTA5CE20', 'AFFGEOID20', 'GEOID20', 'NAME20', 'ALAND20'], 'ZCTA5CE20'],
    [['AFFGEOID10', 'GEOID10', 'ZCTA5CE10', 'ALAND10'], 'ZCTA5CE10'],
    [['AFFGEOID20', 'GEOID20', 'ALAND20'], 'GEOID20'],
    [['zcta5', 'pop'], 'zcta5'],
    [['STATE', 'ZIP_CODE'], 'ZIP_CODE'],
    [['STATE', 'zip'], 'zip'],
  ])('is found among %j', (fields, expected) => {
    expect(chooseZctaField(fields, undefined, 'zcta.dbf')).toBe(expected);
  });

  it('is the one --field names, spelt as the file spells it', () => {
    expect(chooseZctaField(['ZCTA5CE20', 'GEOID20'], 'geoid20', 'zcta.dbf')).toBe('GEOID20');
  });

  it.each([
    ['60601', '60601'],
    [' 60601 ', '60601'],
    [501, '00501'],
    [60601, '60601'],
    ['860Z200US60601', null],
    ['6060', null],
    [60601.5, null],
    [123456, null],
    [null, null],
  ])('reads %j as the zip %j', (value, zip) => {
    expect(zctaCode(value)).toBe(zip);
  });
});
