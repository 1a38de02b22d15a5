// The rules of a customer's link: what a token looks like, how long a link opens after its object
// ends (30 days), that only its hash is looked up, and that logs never carry it.
import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../src/http/request-log.js';
import { linkOpens, PUBLIC_TOKEN, tokenHash } from '../../src/shared/public-links.js';

const DAY = 86_400_000;

describe('a link opens until 30 days after its object ended', () => {
  const ended = new Date('2026-11-01T12:00:00Z');
  it('opens while the object runs', () => expect(linkOpens(null, new Date('2030-01-01T00:00:00Z'))).toBe(true));
  it('opens 30 days less a millisecond after the end', () => expect(linkOpens(ended, new Date(ended.getTime() + 30 * DAY - 1))).toBe(true));
  it('is dead 30 days after the end, and later', () => {
    expect(linkOpens(ended, new Date(ended.getTime() + 30 * DAY))).toBe(false);
    expect(linkOpens(ended, new Date(ended.getTime() + 31 * DAY))).toBe(false);
  });
});

describe('tokens', () => {
  it('are a prefix and 32 base64url characters (192 bits)', () => {
    expect(PUBLIC_TOKEN.test(`trk_${'A'.repeat(32)}`)).toBe(true);
    expect(PUBLIC_TOKEN.test(`hinv_${'-_'.repeat(16)}`)).toBe(true);
    expect(PUBLIC_TOKEN.test(`trk_${'A'.repeat(31)}`)).toBe(false);
    expect(PUBLIC_TOKEN.test(`trk_${'A'.repeat(33)}`)).toBe(false);
    expect(PUBLIC_TOKEN.test(`inv_${'A'.repeat(32)}`)).toBe(false);
    expect(PUBLIC_TOKEN.test(`trk_${'A'.repeat(31)}=`)).toBe(false);
  });
  it('are looked up by their SHA-256, in hex', () => {
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('never reach the logs', () => {
    expect(loggedPath(`/t/trk_${'A'.repeat(32)}`)).toBe('/t/[token]');
    expect(loggedPath(`/t/trk_${'A'.repeat(32)}/bol.pdf`)).toBe('/t/[token]/bol.pdf');
    expect(loggedPath(`/i/hinv_${'A'.repeat(32)}/invoice.pdf`)).toBe('/i/[token]/invoice.pdf');
    expect(loggedPath('/v1/orders/ord_1')).toBe('/v1/orders/ord_1');
    expect(loggedPath('/tracking/x')).toBe('/tracking/x');
  });
});
