// The invoice: who is billed, for what (each line with the load it bills), what is due and how to pay.

import { day, dayStart, money, oneLine } from './format.js';
import { fileNamePart, type DocumentDrawing, type Paper, type Stamp } from './layout.js';
import { addressLines, loadNameWithReference, route, vehicleName, type Line } from './words.js';
import type { InvoiceDocument, Load } from './documents.models.js';

export const invoice: DocumentDrawing<InvoiceDocument> = {
  fileName: (doc) => `invoice-${fileNamePart(doc.number)}.pdf`,
  title: (doc) => `Invoice ${oneLine(doc.number)}`,
  instant: (doc) => dayStart(doc.issued_on).getTime(),
  draw: drawInvoice,
};

function drawInvoice(paper: Paper, doc: InvoiceDocument): void {
  const amount = (cents: number) => money(cents, doc.currency);
  paper.letterhead(doc.broker, 'INVOICE', [
    { label: 'Invoice number', value: oneLine(doc.number) },
    { label: 'Issued', value: day(doc.issued_on) },
    { label: 'Due', value: day(doc.due_date) },
    { label: 'Amount due', value: amount(doc.amount_remaining), strong: true },
  ], INVOICE_STAMPS[doc.status]);
  if (doc.status === 'VOID') paper.notice('This invoice is void: nothing is due on it.');
  if (doc.status === 'DRAFT') paper.notice('Draft: this invoice has not been issued and may still change.');

  const remitTo = doc.broker.remit_to ?? doc.broker.address;
  paper.blocks([
    {
      label: 'Bill to',
      lines: [
        { text: doc.customer.name, bold: true },
        ...addressLines(doc.customer.billing_address),
        ...(doc.customer.email ? [{ text: doc.customer.email }] : []),
      ],
    },
    {
      label: 'Remit to',
      lines: [{ text: doc.broker.legal_name, bold: true }, ...addressLines(remitTo)],
    },
  ]);

  paper.table(
    [
      { header: 'Description', width: 288 },
      { header: 'Qty', width: 44, align: 'right' },
      { header: 'Unit price', width: 86, align: 'right' },
      { header: 'Amount', width: 86, align: 'right' },
    ],
    doc.lines.map((line) => ({
      cells: [line.description, quantity(line.quantity), amount(line.unit_amount), amount(line.amount)],
      details: line.load ? loadDetails(line.load) : [],
    })),
    3, // the load under a line spans description, quantity and unit price
  );

  paper.totals([
    ['Subtotal', amount(doc.subtotal)],
    ['Amount paid', amount(doc.amount_paid)],
    ['Amount due', amount(doc.amount_remaining), true],
  ]);
  if (doc.broker.payment_instructions) paper.paragraph('Payment instructions', doc.broker.payment_instructions);
}

const INVOICE_STAMPS: Record<InvoiceDocument['status'], Stamp | null> = {
  DRAFT: { text: 'DRAFT', color: '#8a5a00', watermark: true },
  SENT: null,
  PAID: { text: 'PAID', color: '#1e7b3c', watermark: false },
  VOID: { text: 'VOID', color: '#b42318', watermark: true },
};

/** Under an invoice line: the load it bills, its route and its vehicles. */
function loadDetails(load: Load): Line[] {
  return [
    { text: `Load ${loadNameWithReference(load)}`, bold: true, muted: false },
    { text: route(load) },
    ...load.vehicles.map((v) => ({ text: vehicleName(v) })),
  ];
}

function quantity(n: number): string {
  return (quantityFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })).format(n);
}

// Made with the first document: a number format reads ICU's locale data, megabytes of the process's
// memory from then on.
let quantityFormat: Intl.NumberFormat | undefined;
