// The VIN check digit of 49 CFR 565.15: the transliteration and weights of its tables, written here
// as the regulation's facts; position 9 is the weighted sum mod 11, 'X' for 10; model years before
// 1981 are not checked.
import { describe, expect, it } from 'vitest';
import { isValidVin, vinCheckApplies, vinCheckDigit } from '../../src/orders/vin.js';

// 49 CFR 565.15, Table I (I, O and Q are never used).
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
// Table II: the weight of each position, 1 to 17 (the check digit's own position weighs 0).
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const digitOf = (sum: number) => (sum % 11 === 10 ? 'X' : String(sum % 11));

describe('vinCheckDigit', () => {
  it.each([
    ['1HGCM82633A004352', '3'],
    ['11111111111111111', '1'],
    ['1M8GDM9AXKP042788', 'X'],
  ])('computes position 9 of %s as %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });

  it.each(Object.entries(TRANSLITERATION))('counts the letter %s as %i', (letter, value) => {
    // Alone in position 1 (weight 8) among zeros: the check digit is 8 * value mod 11, one per value.
    expect(vinCheckDigit(`${letter}0000000000000000`)).toBe(digitOf(8 * value));
    // And in position 10 (weight 9).
    expect(vinCheckDigit(`000000000${letter}0000000`)).toBe(digitOf(9 * value));
  });

  it.each(WEIGHTS.map((w, i) => [i + 1, w]))('weighs position %i by %i', (position, weight) => {
    const vin = '0'.repeat(position - 1) + '1' + '0'.repeat(17 - position);
    expect(vinCheckDigit(vin)).toBe(digitOf(weight));
    const nine = '0'.repeat(position - 1) + '9' + '0'.repeat(17 - position);
    expect(vinCheckDigit(nine)).toBe(digitOf(9 * weight));
  });

  it.each([
    ['the letter I', '1HGCM82633AI04352'],
    ['the letter O', '1HGCM82633AO04352'],
    ['the letter Q', '1HGCM82633AQ04352'],
    ['lower case', '1hgcm82633a004352'],
    ['16 characters', '1HGCM82633A00435'],
    ['18 characters', '1HGCM82633A0043521'],
    ['a leading space', ' 1HGCM82633A00435'],
    ['a trailing character', '1HGCM82633A00435-'],
    ['a leading character', '-1HGCM82633A00435'],
    ['punctuation', '1HGCM8263.A004352'],
    ['nothing', ''],
  ])('refuses %s', (_, vin) => {
    expect(vinCheckDigit(vin)).toBeNull();
  });
});

describe('isValidVin', () => {
  it('accepts a VIN whose position 9 is its check digit', () => {
    expect(isValidVin('1HGCM82633A004352', 2003)).toBe(true);
    expect(isValidVin('1M8GDM9AXKP042788', 2019)).toBe(true);
  });
  it('rejects a changed character', () => {
    expect(isValidVin('1HGCM82633A004353', 2003)).toBe(false);
    expect(isValidVin('2HGCM82633A004352', 2003)).toBe(false);
    expect(isValidVin('1HGCM82643A004352', 2003)).toBe(false);
  });
  it('rejects characters a VIN cannot have from 1981', () => {
    expect(isValidVin('1HGCM82633AO04352', 2003)).toBe(false);
  });
  it('does not check model years before 1981', () => {
    expect(vinCheckApplies(1980)).toBe(false);
    expect(vinCheckApplies(1981)).toBe(true);
    expect(vinCheckApplies(1900)).toBe(false);
    expect(vinCheckApplies(2026)).toBe(true);
    expect(isValidVin('1HGCM82633A004353', 1980)).toBe(true);
    expect(isValidVin('1HGCM82633A004353', 1981)).toBe(false);
    expect(isValidVin('1HGCM82633A004352', 1981)).toBe(true);
  });
});
