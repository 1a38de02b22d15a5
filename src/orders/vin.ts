// VIN check digit (49 CFR 565.15): position 9 is the weighted sum of the transliterated characters mod 11 ('X' for 10).
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit a 17-character VIN should carry, or null when it has characters a VIN cannot have. */
export function vinCheckDigit(vin: string): string | null {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i] as string;
    // The pattern above admits only digits and letters of the table.
    const value = /\d/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] as number);
    sum += value * (WEIGHTS[i] as number);
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Model years before 1981 predate the 17-character standard, so their check digit is not enforced. */
export const vinCheckApplies = (year: number): boolean => year >= 1981;

export const isValidVin = (vin: string, year: number): boolean =>
  !vinCheckApplies(year) || vinCheckDigit(vin) === vin[8];
