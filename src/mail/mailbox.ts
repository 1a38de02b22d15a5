// The sender of every email (MAIL_FROM): read once at start-up, it names the envelope sender and the
// domain of every Message-ID. Kept apart from the outbox so that loading the configuration loads no
// renderer.

/** Used when MAIL_FROM is not set: a name under `.localhost`, which no real mail server accepts as its own. */
export const DEFAULT_MAIL_FROM = 'billing@vehicle-transport.localhost';

export interface Mailbox {
  /** The display name (`Name <addr>`), or null for a bare address. */
  name: string | null;
  address: string;
}

const BARE = /^[^\s@<>"]+@[^\s@<>"]+$/;

/** `billing@example.com` or `Roadway Billing <billing@example.com>`; throws on anything else. */
export function parseMailbox(text: string): Mailbox {
  const trimmed = text.trim();
  if (BARE.test(trimmed)) return { name: null, address: trimmed };
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const address = named?.[2]?.trim();
  if (!named || !address || !BARE.test(address)) throw new Error(`not an email address: "${text}" (expected addr@domain or Name <addr@domain>)`);
  const name = named[1]!.replace(/^"(.*)"$/, '$1').trim();
  return { name: name || null, address };
}

/** The domain part of an address: what follows its last `@`. */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);
