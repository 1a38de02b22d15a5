// The invoice lifecycle as a table: DRAFT (editable) -> SENT -> PAID, and SENT -> VOID while no payment
// is applied (that condition lives beside the effect in invoices.service.ts). A SENT invoice can be
// sent again (a new message, no change). Payments apply only to SENT invoices; the one that brings
// amount_remaining to 0 settles it, and a payment returned by the bank makes a PAID invoice SENT again.
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { stateMachine, type Transition } from '../shared/state-machine.js';

type InvoiceStatus = components['schemas']['InvoiceStatus'];

export const invoiceLifecycle = stateMachine('invoice', {
  update: { from: ['DRAFT'], verb: 'edited' },
  send: { from: ['DRAFT'], to: 'SENT', event: 'invoice.sent', verb: 'sent' },
  resend: { from: ['SENT'], verb: 'sent again' },
  apply_payment: { from: ['SENT'], verb: 'paid' },
  settle: { from: ['SENT'], to: 'PAID', event: 'invoice.paid', verb: 'paid' },
  // A payment the bank took back is owed again: a PAID invoice is SENT again.
  return_payment: { from: ['SENT', 'PAID'], verb: 'unpaid' },
  reopen: { from: ['PAID'], to: 'SENT', event: 'invoice.reopened', verb: 'reopened' },
  void: { from: ['SENT'], to: 'VOID', event: 'invoice.voided', verb: 'voided', audit: 'invoice.voided' },
} satisfies Record<string, Transition<InvoiceStatus, EventType>>);
