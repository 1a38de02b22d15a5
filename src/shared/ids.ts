import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

export const ID_PREFIXES = {
  account: 'acct',
  apiKey: 'key',
  customer: 'cus',
  order: 'ord',
  carrier: 'car',
  complianceAlert: 'cal',
  job: 'job',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'wdl',
  oauthClient: 'oac',
  auditLog: 'aud',
  request: 'req',
  user: 'usr',
  session: 'ses',
  signInFailure: 'sif',
  invoice: 'inv',
  invoiceLine: 'il',
  payment: 'pay',
  carrierPayment: 'cpy',
  ledgerEntry: 'lge',
  journalEntry: 'jrn',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Type prefix + ULID: time-sortable, so a newer id sorts after an older one. */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${ulid(now)}`;
}
