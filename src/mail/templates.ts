// What each message says: its subject, plain-text body and HTML body, from the document it carries
// (the PDF attached says the rest). Both bodies come from one list of paragraphs and lists, so they
// always say the same thing; every value in the HTML is escaped, whoever typed it.
import type { Address, Broker, CarrierParty, InvoiceDocument, Load, LoadNotice, RateConfirmationDocument, RemittanceDocument } from '../documents/documents.models.js';
import { day, dayAfter, money, oneLine } from '../documents/format.js';

export interface ComposedMessage {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph (its line breaks kept) or a bulleted list. */
type Block = string | { list: string[] };

/** The documents a message carries (a bill of lading is never mailed). */
export type MailedDocument = InvoiceDocument | RemittanceDocument | RateConfirmationDocument | LoadNotice;

export function composeMessage(doc: MailedDocument): ComposedMessage {
  switch (doc.kind) {
    case 'invoice':
      return compose(invoiceSubject(doc), invoiceBody(doc));
    case 'remittance':
      return compose(remittanceSubject(doc), remittanceBody(doc));
    case 'rate_confirmation':
      return compose(rateConfirmationSubject(doc), rateConfirmationBody(doc));
    case 'order_dispatched':
    case 'order_picked_up':
    case 'order_delivered':
      return compose(loadNoticeSubject(doc), loadNoticeBody(doc));
  }
}

/** Text made safe to place in HTML, as element content or inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function compose(subject: string, blocks: Block[]): ComposedMessage {
  const text = blocks.map((b) => (typeof b === 'string' ? b : b.list.map((item) => `- ${item}`).join('\n'))).join('\n\n');
  const html = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b).replace(/\n/g, '<br>\n')}</p>`
        : `<ul>\n${b.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`,
    )
    .join('\n');
  return { subject: oneLine(subject), text: `${text}\n`, html: `${html}\n` };
}

// ---------------------------------------------------------------------------------------------------
// Invoice: to the customer.

function invoiceSubject(doc: InvoiceDocument): string {
  const from = `Invoice ${oneLine(doc.number)} from ${oneLine(doc.broker.legal_name)}`;
  if (doc.status === 'VOID') return `${from}: void`;
  if (doc.amount_remaining <= 0) return `${from}: paid in full`;
  return `${from}: ${money(doc.amount_remaining, doc.currency)} due ${day(doc.due_date)}`;
}

function invoiceBody(doc: InvoiceDocument): Block[] {
  const total = money(doc.subtotal, doc.currency);
  const number = oneLine(doc.number);
  const amounts =
    doc.status === 'VOID'
      ? `Attached is invoice ${number} for ${total}. It is void: nothing is due on it.`
      : doc.amount_remaining <= 0
        ? `Attached is invoice ${number} for ${total}, paid in full. Thank you.`
        : doc.amount_paid > 0
          ? `Attached is invoice ${number} for ${total}. ${money(doc.amount_paid, doc.currency)} is paid; ${money(doc.amount_remaining, doc.currency)} remains due by ${day(doc.due_date)}.`
          : `Attached is invoice ${number} for ${total}, due ${day(doc.due_date)}.`;
  const blocks: Block[] = [`Hello ${oneLine(doc.customer.name)},`, amounts];
  if (doc.hosted_url) blocks.push(`See the invoice online, with how it stands and the tracking of its loads:\n${doc.hosted_url}`);
  if (doc.status !== 'VOID' && doc.amount_remaining > 0) {
    const instructions = doc.broker.payment_instructions?.trim();
    const remitTo = doc.broker.remit_to ?? doc.broker.address;
    if (instructions) blocks.push(`How to pay:\n${paragraph(instructions)}`);
    else if (remitTo) blocks.push(`Please send payment to:\n${[oneLine(doc.broker.legal_name), ...addressLines(remitTo)].join('\n')}`);
  }
  return [...blocks, ...contact(doc.broker, 'Questions about this invoice?'), `Thank you for your business,\n${oneLine(doc.broker.legal_name)}`];
}

// ---------------------------------------------------------------------------------------------------
// Remittance advice: to the carrier paid.

function remittanceSubject(doc: RemittanceDocument): string {
  const { payment } = doc;
  const method = paymentMethod(payment.payment_method);
  const how = [method.charAt(0).toUpperCase() + method.slice(1), ...(payment.reference ? [`ref ${oneLine(payment.reference)}`] : [])].join(', ');
  return `Remittance advice: ${money(payment.amount, payment.currency)} paid by ${oneLine(doc.broker.legal_name)} (${how})`;
}

function remittanceBody(doc: RemittanceDocument): Block[] {
  const { payment } = doc;
  const loads = doc.loads.length === 1 ? 'the load below' : `the ${doc.loads.length} loads below`;
  const reference = payment.reference ? ` (reference ${oneLine(payment.reference)})` : '';
  return [
    `Hello ${oneLine(doc.carrier.contact_name)},`,
    `${oneLine(doc.broker.legal_name)} paid ${carrierName(doc.carrier)} ${money(payment.amount, payment.currency)} by ${paymentMethod(payment.payment_method)} on ${day(payment.sent_on)}${reference}, for ${loads}. The remittance advice is attached.`,
    {
      list: doc.loads.map(
        (load) => `${load.number ?? load.id}, ${route(load)}${load.delivered_on ? `, delivered ${day(load.delivered_on)}` : ''}: ${money(load.carrier_pay, payment.currency)}`,
      ),
    },
    ...contact(doc.broker, 'Questions about this payment?'),
    `Thank you,\n${oneLine(doc.broker.legal_name)}`,
  ];
}

// ---------------------------------------------------------------------------------------------------
// Rate confirmation: to the carrier a load is dispatched to.

function rateConfirmationSubject(doc: RateConfirmationDocument): string {
  const pay = doc.carrier_pay === null ? '' : `, ${money(doc.carrier_pay, doc.currency)}`;
  return `Rate confirmation ${doc.load.number ?? doc.load.id}: ${route(doc.load)}${pay}`;
}

function rateConfirmationBody(doc: RateConfirmationDocument): Block[] {
  const { load } = doc;
  const days = `${load.delivery_window_days} ${load.delivery_window_days === 1 ? 'day' : 'days'}`;
  const stop = (label: string, s: Load['pickup'], when: string) => {
    const who = [s.contact_name, s.contact_phone].filter((x): x is string => Boolean(x?.trim())).map(oneLine);
    return [`${label}:`, ...addressLines(s), when, ...(who.length ? [`Contact: ${who.join(', ')}`] : [])].join('\n');
  };
  return [
    `Hello ${oneLine(doc.carrier.contact_name)},`,
    `${oneLine(doc.broker.legal_name)} dispatched load ${load.number ?? load.id} to ${carrierName(doc.carrier)} on ${day(load.dispatched_on)}. The rate confirmation is attached: please sign it and send it back.`,
    stop('Pickup', load.pickup, `Ready ${day(load.ready_date)}`),
    stop('Delivery', load.delivery, `Deliver by ${dayAfter(load.ready_date, load.delivery_window_days)} (within ${days} of the ready date)`),
    'Vehicles:',
    { list: load.vehicles.map((v) => `${v.year} ${oneLine(v.make)} ${oneLine(v.model)}, VIN ${v.vin}${v.inoperable ? ' (inoperable)' : ''}`) },
    `Carrier pay: ${doc.carrier_pay === null ? 'not set' : money(doc.carrier_pay, doc.currency)}`,
    ...contact(doc.broker, 'Questions about this load?'),
    `Thank you,\n${oneLine(doc.broker.legal_name)}`,
  ];
}

// ---------------------------------------------------------------------------------------------------
// Load notices: to the customer, at dispatch, pickup and delivery, each with the tracking link.

const NOTICE_WORDS: Record<LoadNotice['kind'], { subject: string; sentence: (carrier: string | null) => string }> = {
  order_dispatched: { subject: 'carrier assigned', sentence: (c) => `A carrier${c ? `, ${c},` : ''} is assigned to your load and will pick it up soon.` },
  order_picked_up: { subject: 'picked up', sentence: (c) => `Your load was picked up${c ? ` by ${c}` : ''} and is on its way.` },
  order_delivered: { subject: 'delivered', sentence: () => 'Your load was delivered. The signed bill of lading is attached.' },
};

function loadNoticeSubject(doc: LoadNotice): string {
  const reference = doc.load.reference ? ` (ref. ${oneLine(doc.load.reference)})` : '';
  return `Load ${doc.load.number ?? doc.load.id}${reference} ${NOTICE_WORDS[doc.kind].subject}: ${route(doc.load)}`;
}

function loadNoticeBody(doc: LoadNotice): Block[] {
  const { load } = doc;
  return [
    `Hello ${oneLine(doc.customer.name)},`,
    NOTICE_WORDS[doc.kind].sentence(doc.carrier_name ? oneLine(doc.carrier_name) : null),
    `Load ${load.number ?? load.id}${load.reference ? ` (your reference ${oneLine(load.reference)})` : ''}, ${route(load)}:`,
    { list: load.vehicles.map((v) => `${v.year} ${oneLine(v.make)} ${oneLine(v.model)}, VIN ending ${v.vin.slice(-6)}`) },
    ...(doc.tracking_url ? [`Follow it here:\n${doc.tracking_url}`] : []),
    ...contact(doc.broker, 'Questions about this load?'),
    `Thank you,\n${oneLine(doc.broker.legal_name)}`,
  ];
}

// ---------------------------------------------------------------------------------------------------
// Shared wording and formats.

/** "Questions? Call +1 ... or write to ...": whatever of the broker's phone and email is on file. */
function contact(broker: Broker, question: string): Block[] {
  const phone = broker.phone?.trim() ? oneLine(broker.phone) : null;
  const email = broker.email?.trim() ? oneLine(broker.email) : null;
  if (phone && email) return [`${question} Call ${phone} or write to ${email}.`];
  if (phone) return [`${question} Call ${phone}.`];
  if (email) return [`${question} Write to ${email}.`];
  return [];
}

const carrierName = (carrier: CarrierParty): string => (carrier.legal_name?.trim() ? oneLine(carrier.legal_name) : 'you');

/** `Chicago, IL to Miami Beach, FL`. */
const route = (load: Pick<Load, 'pickup' | 'delivery'>): string =>
  `${oneLine(load.pickup.city)}, ${load.pickup.state} to ${oneLine(load.delivery.city)}, ${load.delivery.state}`;

function addressLines(a: Address): string[] {
  return [oneLine(a.address1), ...(a.address2?.trim() ? [oneLine(a.address2)] : []), `${oneLine(a.city)}, ${a.state} ${a.zip}`];
}

const PAYMENT_METHODS: Record<string, string> = { ach: 'ACH', wire: 'wire', check: 'check', card: 'card' };
const paymentMethod = (method: string): string => PAYMENT_METHODS[method] ?? oneLine(method.replace(/_/g, ' '));

/** Free text of a few lines (payment instructions): its line breaks kept, each line tidied. */
function paragraph(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(oneLine)
    .filter(Boolean)
    .join('\n');
}
