import { describe, expect, it } from 'vitest';
import { isValidVin, vinCheckDigit } from '../src/orders/vin.js';

describe('VIN check digit', () => {
  it.each([
    ['1HGCM82633A004352', '3'],
    ['11111111111111111', '1'],
    ['1M8GDM9AXKP042788', 'X'],
  ])('computes position 9 of %s as %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vin[8]).toBe(digit);
    expect(isValidVin(vin, 2017)).toBe(true);
  });
  it('rejects a changed character', () => {
    expect(isValidVin('1HGCM82633A004353', 2003)).toBe(false);
    expect(isValidVin('2HGCM82633A004352', 2003)).toBe(false);
  });
  it('does not enforce the check digit before model year 1981', () => {
    expect(isValidVin('1HGCM82633A004353', 1980)).toBe(true);
    expect(isValidVin('1HGCM82633A004353', 1981)).toBe(false);
  });
  it('refuses letters a VIN cannot contain', () => {
    expect(vinCheckDigit('1HGCM82633AO04352')).toBeNull();
    expect(vinCheckDigit('1HGCM82633A00435')).toBeNull();
  });
});
