// How the documents and their emails write money and dates: cents as `$1,450.00`, calendar days
// (`YYYY-MM-DD`) as `Dec 31, 2026`, instants as `Dec 31, 2026 14:05 UTC`. Days are read from the
// string itself, never through the machine's time zone, and any day the API accepts prints (year
// 0001 as well as 9999, and a delivery window that ends past the year 9999).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const moneyFormats = new Map<string, { format: Intl.NumberFormat; minor: number }>();

/** Integer minor units (cents) as `$1,450.00`; another currency than the dollar with its code (`EUR 12.00`). */
export function money(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let entry = moneyFormats.get(code);
  if (!entry) {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, ...(code === 'USD' ? {} : { currencyDisplay: 'code' as const }) });
    entry = { format, minor: format.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormats.set(code, entry);
  }
  // Intl puts a no-break space after a code; a plain one reads and searches the same.
  return entry.format.format(amount / 10 ** entry.minor).replace(/\u00a0/g, ' ');
}

/**
 * The instant a calendar day starts (UTC). The year is set as written (Date.UTC would read 0050 as
 * 1950); a day the calendar does not have is refused.
 */
export function dayStart(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, dayOfMonth);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== dayOfMonth) throw new RangeError(`not a calendar date: ${date}`);
  return d;
}

const written = (d: Date): string => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

/** `2026-12-31` as `Dec 31, 2026`: the calendar day itself, no time zone involved. */
export const day = (date: string): string => written(dayStart(date));

/** The day `days` after `date`, written as `day` writes it. */
export function dayAfter(date: string, days: number): string {
  const d = dayStart(date);
  d.setUTCDate(d.getUTCDate() + days);
  return written(d);
}

/** Unix seconds as `Dec 31, 2026 14:05 UTC`. */
export function instant(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${written(d)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
}

/** One line, in composed Unicode (NFC): no control characters, runs of white space as one space (a subject, a name). */
export const oneLine = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** `damage_noted` -> `Damage noted`. */
export function sentenceCase(text: string): string {
  const words = oneLine(text.replace(/_/g, ' '));
  return words.charAt(0).toUpperCase() + words.slice(1);
}
