// Password hashing with node:crypto scrypt (memory-hard): a random salt per password, parameters
// stored with the hash so they can be raised later, and a timing-safe comparison.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** N = 2^15, r = 8, p = 1: 32 MiB of memory per hash (the OWASP floor is 2^17 for r=8 p=1 at 128 MiB; 2^15 keeps a 2-core server responsive). */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, so leave room. */
const MAX_MEMORY = 256 * PARAMS.N * PARAMS.r;

/** `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { ...options, maxmem: 256 * options.N * options.r });
  return timingSafeEqual(actual, expected);
}

/** A hash of nothing anybody knows: verified against when the email is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(32).toString('base64')));

/** A password to hand over to a new user: 20 characters from an alphabet without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  let out = '';
  // 256 % 57 leaves a small bias; rejection sampling removes it.
  for (let i = 0; out.length < 20; i++) {
    const b = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out;
}
