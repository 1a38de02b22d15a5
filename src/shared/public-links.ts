// Links a customer opens without signing in: an order's tracking page (`/t/<token>`) and an invoice's
// hosted page (`/i/<token>`). The token is the only key, so it is a capability: 192 random bits,
// never stored in the clear. Its SHA-256 is what finds the link (a lookup by hash, so no comparison
// of secret bytes can leak timing), and one object has one link: a new one (rotation) replaces the
// old at once. The account sees its link again through a copy sealed under SECRETS_KEY, kept on the
// order or invoice. Whether a link still opens (30 days after delivery, cancellation, payment or
// void) is decided from the object's own state when it is opened.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { openSecret, sealSecret } from './secrets.js';
import { queryRows } from './sql.js';

export type PublicLinkKind = 'tracking' | 'invoice';

const PATHS: Record<PublicLinkKind, string> = { tracking: '/t/', invoice: '/i/' };
const PREFIXES: Record<PublicLinkKind, string> = { tracking: 'trk_', invoice: 'hinv_' };

/** A token as it appears in a link: a prefix and 24 random bytes in base64url (192 bits). */
export const PUBLIC_TOKEN = /^(trk|hinv)_[A-Za-z0-9_-]{32}$/;

/** How long a link keeps opening after its object is finished (delivered or cancelled; paid or voided). */
export const LINK_LIFETIME_AFTER_END_MS = 30 * 86_400_000;

let baseUrl = 'http://localhost:3000';

/** The address customers reach the API at (`PUBLIC_URL`), set at start-up; links are made under it. */
export function usePublicBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

export const publicBaseUrl = (): string => baseUrl;

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const sealContext = (kind: PublicLinkKind, objectId: string) => `public_link:${kind}:${objectId}`;

/** A new link's token, sealed for its object's column, and the values of its row in `insertPublicLink`'s order. */
export function newPublicLink(kind: PublicLinkKind, objectId: string, accountId: string, now: Date): { sealed: string; row: [string, PublicLinkKind, string, string, Date] } {
  const token = PREFIXES[kind] + randomBytes(24).toString('base64url');
  return { sealed: sealSecret(token, sealContext(kind, objectId)), row: [tokenHash(token), kind, objectId, accountId, now] };
}

/**
 * The insert of a new link's row (`newPublicLink`), its five values from placeholder `$first` on: a
 * statement of its own, or a `with` clause of the statement that makes its object (one round trip).
 */
export const insertPublicLink = (first = 1): string =>
  `insert into public_links (token_hash, kind, object_id, account_id, created_at) values (${[0, 1, 2, 3, 4].map((i) => `$${first + i}`).join(', ')})`;
const INSERT_LINK = insertPublicLink();

/**
 * A new link for the object, replacing any it had (the old token stops opening in this transaction).
 * Answers the sealed token, for the object's own column.
 */
export async function issuePublicLink(em: EntityManager, kind: PublicLinkKind, objectId: string, accountId: string, now: Date): Promise<string> {
  const link = newPublicLink(kind, objectId, accountId, now);
  await queryRows(em, 'delete from public_links where object_id = $1', [objectId]);
  await queryRows(em, INSERT_LINK, link.row);
  return link.sealed;
}

/** The link's URL from the object's sealed token; null for none. */
export function publicLinkUrl(kind: PublicLinkKind, objectId: string, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  return `${baseUrl}${PATHS[kind]}${openSecret(sealed, sealContext(kind, objectId))}`;
}

/** What a token opens: its object and account, or null for a token that opens nothing (unknown, rotated, malformed). */
export async function findPublicLink(em: EntityManager, kind: PublicLinkKind, token: string): Promise<{ objectId: string; accountId: string } | null> {
  if (!PUBLIC_TOKEN.test(token) || !token.startsWith(PREFIXES[kind])) return null;
  const [row] = await queryRows<{ object_id: string; account_id: string }>(em, 'select object_id, account_id from public_links where token_hash = $1 and kind = $2', [tokenHash(token), kind]);
  return row ? { objectId: row.object_id, accountId: row.account_id } : null;
}

/** Whether a link whose object ended at `endedAt` (null: still running) opens at `now`. */
export const linkOpens = (endedAt: Date | null | undefined, now: Date): boolean =>
  !endedAt || now.getTime() - endedAt.getTime() < LINK_LIFETIME_AFTER_END_MS;
