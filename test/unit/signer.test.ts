// The webhook signature as the specification states it: `Service-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256(secret, "<t>.<raw body>")>`, and the verifier's clock tolerance of 300 s (API-DESIGN).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader, verifySignature } from '../../src/webhooks/signer.js';

const T = 1_700_000_000;
const BODY = '{"id":"evt_1"}';
// HMAC-SHA256 over `1700000000.{"id":"evt_1"}`, computed once outside the product.
const SIG_TEST = 'c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925';
const SIG_OLD = 'ef1b1b7e4b312671a75ef2a03e10529f7834a6528a49db77ad6568c8c8017843';
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

describe('header names', () => {
  it('are the specification’s', () => {
    expect(SIGNATURE_HEADER).toBe('Service-Signature');
    expect(EVENT_ID_HEADER).toBe('Service-Event-Id');
  });
});

describe('signatureHeader', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    expect(signatureHeader(['whsec_test'], T, BODY)).toBe(`t=1700000000,v1=${SIG_TEST}`);
    expect(hmac('whsec_test', `${T}.${BODY}`)).toBe(SIG_TEST);
  });
  it('signs a Buffer body the same as its string', () => {
    expect(signatureHeader(['whsec_test'], T, Buffer.from(BODY))).toBe(`t=1700000000,v1=${SIG_TEST}`);
  });
  it('carries one v1= per secret, the current one first (rotation grace period)', () => {
    expect(signatureHeader(['whsec_test', 'whsec_old'], T, BODY)).toBe(`t=1700000000,v1=${SIG_TEST},v1=${SIG_OLD}`);
  });
  it('refuses to sign without a secret', () => {
    expect(() => signatureHeader([], T, BODY)).toThrow('at least one secret is needed to sign');
  });
});

describe('verifySignature', () => {
  const header = `t=${T},v1=${SIG_TEST}`;

  it('accepts the signed body at the signing time', () => {
    expect(verifySignature(BODY, header, 'whsec_test', { now: T })).toBeNull();
    expect(verifySignature(Buffer.from(BODY), header, ['whsec_test'], { now: T })).toBeNull();
  });
  it('ignores parts of other schemes, wherever they are', () => {
    expect(verifySignature(BODY, `t=${T},v1=${SIG_TEST},v0=42`, 'whsec_test', { now: T })).toBeNull();
    expect(verifySignature(BODY, `v0=42,t=${T},x,v1=${SIG_TEST}`, 'whsec_test', { now: T })).toBeNull();
    expect(verifySignature(BODY, `t=${T},v0=${SIG_TEST}`, 'whsec_test', { now: T })).toBe('malformed_header');
  });
  it('accepts spaces after the commas', () => {
    expect(verifySignature(BODY, `t=${T}, v1=${SIG_TEST}`, 'whsec_test', { now: T })).toBeNull();
  });
  it('accepts any of the endpoint’s secrets, and any of the header’s signatures', () => {
    expect(verifySignature(BODY, `t=${T},v1=${SIG_OLD}`, ['whsec_test', 'whsec_old'], { now: T })).toBeNull();
    expect(verifySignature(BODY, `t=${T},v1=${SIG_OLD},v1=${SIG_TEST}`, 'whsec_test', { now: T })).toBeNull();
    expect(verifySignature(BODY, `t=${T},v1=${SIG_TEST},v1=${SIG_OLD}`, 'whsec_old', { now: T })).toBeNull();
  });
  it('rejects another body, secret or timestamp', () => {
    expect(verifySignature('{"id":"evt_2"}', header, 'whsec_test', { now: T })).toBe('no_matching_signature');
    expect(verifySignature(BODY, header, 'whsec_other', { now: T })).toBe('no_matching_signature');
    expect(verifySignature(BODY, header, [], { now: T })).toBe('no_matching_signature');
    expect(verifySignature(BODY, `t=${T + 1},v1=${SIG_TEST}`, 'whsec_test', { now: T })).toBe('no_matching_signature');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['no timestamp', `v1=${SIG_TEST}`],
    ['no signature', `t=${T}`],
    ['a timestamp that is not digits', `t=abc,v1=${SIG_TEST}`],
    ['an empty timestamp', `t=,v1=${SIG_TEST}`],
    ['text before the timestamp', `t=x${T},v1=${SIG_TEST}`],
    ['text after the timestamp', `t=${T}x,v1=${SIG_TEST}`],
    ['an unknown scheme', `t=${T},v0=${SIG_TEST}`],
    ['an empty signature', `t=${T},v1=`],
    ['upper-case hex', `t=${T},v1=${SIG_TEST.toUpperCase()}`],
    ['a signature one digit long', `t=${T},v1=c`],
    ['a signature of 63 digits', `t=${T},v1=${SIG_TEST.slice(1)}`],
    ['a character before the signature', `t=${T},v1=0${SIG_TEST}`],
    ['a character after the signature', `t=${T},v1=${SIG_TEST}0`],
    ['a non-hex signature', `t=${T},v1=${'g'.repeat(64)}`],
  ])('calls %s a malformed header', (_, h) => {
    expect(verifySignature(BODY, h, 'whsec_test', { now: T })).toBe('malformed_header');
  });

  it('accepts a clock difference of up to 300 s either way by default', () => {
    for (const now of [T - 300, T - 299, T + 1, T + 299, T + 300]) {
      expect(verifySignature(BODY, header, 'whsec_test', { now })).toBeNull();
    }
  });
  it('rejects 301 s or more either way by default (replay protection)', () => {
    for (const now of [T - 301, T - 3600, T + 301, T + 3600]) {
      expect(verifySignature(BODY, header, 'whsec_test', { now })).toBe('timestamp_outside_tolerance');
    }
  });
  it('checks the clock before the signature', () => {
    expect(verifySignature(BODY, header, 'whsec_other', { now: T + 301 })).toBe('timestamp_outside_tolerance');
  });
  it('takes another tolerance when given', () => {
    expect(verifySignature(BODY, header, 'whsec_test', { now: T + 10, toleranceSeconds: 10 })).toBeNull();
    expect(verifySignature(BODY, header, 'whsec_test', { now: T + 11, toleranceSeconds: 10 })).toBe('timestamp_outside_tolerance');
    expect(verifySignature(BODY, header, 'whsec_test', { now: T - 11, toleranceSeconds: 10 })).toBe('timestamp_outside_tolerance');
    expect(verifySignature(BODY, header, 'whsec_test', { now: T + 1000, toleranceSeconds: 1000 })).toBeNull();
  });
  it('compares with the current time when no time is given', () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = signatureHeader(['whsec_test'], now, BODY);
    expect(verifySignature(BODY, fresh, 'whsec_test')).toBeNull();
    expect(verifySignature(BODY, signatureHeader(['whsec_test'], now - 3600, BODY), 'whsec_test')).toBe('timestamp_outside_tolerance');
    expect(verifySignature(BODY, signatureHeader(['whsec_test'], now + 3600, BODY), 'whsec_test')).toBe('timestamp_outside_tolerance');
  });
});
