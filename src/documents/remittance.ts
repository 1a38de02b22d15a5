// The remittance advice: what a carrier payment paid, load by load.

import { day, dayStart, money, oneLine, sentenceCase } from './format.js';
import type { DocumentDrawing, Paper } from './layout.js';
import { fileNamePart } from './layout.js';
import { carrierLines, loadName, route } from './words.js';
import type { RemittanceDocument } from './documents.models.js';

export const remittance: DocumentDrawing<RemittanceDocument> = {
  fileName: (doc) => `remittance-${fileNamePart(doc.payment.id)}.pdf`,
  title: (doc) => `Remittance advice ${doc.payment.id}`,
  instant: (doc) => dayStart(doc.payment.sent_on).getTime(),
  draw: drawRemittance,
};

function drawRemittance(paper: Paper, doc: RemittanceDocument): void {
  const { payment } = doc;
  const amount = (cents: number) => money(cents, payment.currency);
  paper.letterhead(doc.broker, 'REMITTANCE ADVICE', [
    { label: 'Payment', value: payment.id },
    { label: 'Date', value: day(payment.sent_on) },
    { label: 'Method', value: paymentMethod(payment.payment_method) },
    { label: 'Reference', value: payment.reference ? oneLine(payment.reference) : '—', prose: true },
    { label: 'Total paid', value: amount(payment.amount), strong: true },
  ], doc.voided ? { text: 'VOID', color: '#b42318', watermark: true } : null);
  if (doc.voided) paper.notice(`This payment is void (${day(doc.voided.on)}): it pays for none of the loads below. ${oneLine(doc.voided.reason)}`);
  paper.blocks([{ label: 'Paid to', lines: carrierLines(doc.carrier) }], 2);
  const loads = doc.loads.length === 1 ? 'load' : `${doc.loads.length} loads`;
  paper.sentence(doc.voided ? `This payment was recorded for the ${loads} below and settles none of them.` : `This payment settles the ${loads} below.`);
  paper.table(
    [
      { header: 'Load and route', width: 196 },
      { header: 'Vehicles', width: 168 },
      { header: 'Delivered', width: 68 },
      { header: 'Carrier pay', width: 72, align: 'right' },
    ],
    doc.loads.map((load) => ({
      cells: [
        [{ text: loadName(load), bold: true, whole: true }, { text: route(load) }],
        load.vehicles.flatMap((v) => [{ text: `${v.year} ${v.make} ${v.model}` }, { text: `VIN ${v.vin}`, muted: true }]),
        load.delivered_on ? day(load.delivered_on) : '—',
        amount(load.carrier_pay),
      ],
      details: [],
    })),
  );
  paper.totals([['Total paid', amount(payment.amount), true]]);
}

const PAYMENT_METHODS: Record<string, string> = { ach: 'ACH', wire: 'Wire', check: 'Check', card: 'Card' };

function paymentMethod(method: string): string {
  return PAYMENT_METHODS[method] ?? sentenceCase(method);
}
