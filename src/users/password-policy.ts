// The password policy (OWASP ASVS 4.0 section 2.1), applied wherever a password is set: creating a
// user (API and CLI), changing one's own password. 12 to 200 characters, kept exactly as sent (no
// truncation, no composition rule, any printable Unicode and spaces); refused when common,
// breached-style or easily guessed (zxcvbn's score below 3, with the common-password and keyboard
// dictionaries shipped in @zxcvbn-ts/language-common, nothing fetched at run time), or when it
// contains the user's email name (before the `@`) or name. Messages never repeat the password.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { errors } from '../shared/errors.js';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
/** zxcvbn's score runs 0 (too guessable) to 4 (very unguessable); 3 is "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;
/** Parts of an email name or of a name shorter than this are too common to refuse ("al", "dev"). */
const MIN_PERSONAL_PART = 4;

/** zxcvbn's warnings (its translation keys) in words. */
const WARNINGS: Record<string, string> = {
  straightRow: 'straight rows of keys are easy to guess',
  keyPattern: 'short keyboard patterns are easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabcabc" are easy to guess',
  sequences: 'common sequences like "abc" or "1234" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is similar to a commonly used password',
  wordByItself: 'single words are easy to guess',
  namesByThemselves: 'single names or surnames are easy to guess',
  commonNames: 'common names and surnames are easy to guess',
  userInputs: 'it contains personal data',
  pwned: 'it appeared in a data breach',
};

let factory: Promise<ZxcvbnFactory> | undefined;
/** zxcvbn and its dictionaries (several megabytes once decompressed), loaded with the first password checked. */
const zxcvbn = (): Promise<ZxcvbnFactory> =>
  (factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) => new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs, maxLength: MAX_PASSWORD_LENGTH }),
  ));

/** The user's email name and name, and their parts, as a password must not contain them (lower case). */
export function personalWords(who: { email: string; name?: string | null | undefined }): string[] {
  const local = who.email.trim().toLowerCase().split('@')[0] ?? '';
  const name = (who.name ?? '').trim().toLowerCase();
  const words = [local, name, ...local.split(/[^\p{L}\p{N}]+/u), ...name.split(/[^\p{L}\p{N}]+/u)];
  return [...new Set(words.filter((w) => [...w].length >= MIN_PERSONAL_PART))];
}

/** Why `password` is refused for this user, in words that do not repeat it; undefined when it is acceptable. */
export async function passwordProblem(password: string, who: { email: string; name?: string | null | undefined }): Promise<string | undefined> {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `A password needs at least ${MIN_PASSWORD_LENGTH} characters (this one has ${length}).`;
  if (length > MAX_PASSWORD_LENGTH) return `A password has at most ${MAX_PASSWORD_LENGTH} characters (this one has ${length}).`;
  const lower = password.toLowerCase();
  const personal = personalWords(who);
  if (personal.some((w) => lower.includes(w))) return "A password must not contain the user's email name or name: choose words that have nothing to do with the user.";
  const result = (await zxcvbn()).check(password, personal);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
  return `This password is too easy to guess${warning ? ` (${warning})` : ''}. Use a longer passphrase of several unrelated words.`;
}

/** Refuses (400 `invalid_value` naming `param`) a password the policy does not accept. */
export async function assertPasswordAcceptable(password: string, who: { email: string; name?: string | null | undefined }, param = 'password'): Promise<void> {
  const problem = await passwordProblem(password, who);
  if (problem) throw errors.invalidValue(param, problem);
}
