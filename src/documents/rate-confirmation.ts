// The rate confirmation: the load a carrier is dispatched on, what it is paid for it, and the terms
// it signs.

import { day, dayAfter, dayStart, money } from './format.js';
import type { DocumentDrawing, Paper } from './layout.js';
import { fileNamePart } from './layout.js';
import { brokerContactLines, carrierLines, loadName, stopLines } from './words.js';
import type { RateConfirmationDocument } from './documents.models.js';

export const rateConfirmation: DocumentDrawing<RateConfirmationDocument> = {
  fileName: (doc) => `rate-confirmation-${fileNamePart(loadName(doc.load))}.pdf`,
  title: (doc) => `Rate confirmation ${loadName(doc.load)}`,
  instant: (doc) => dayStart(doc.load.dispatched_on).getTime(),
  draw: drawRateConfirmation,
};

function drawRateConfirmation(paper: Paper, doc: RateConfirmationDocument): void {
  const { load } = doc;
  const pay = doc.carrier_pay === null ? 'Not set' : money(doc.carrier_pay, doc.currency);
  const deliverBy = dayAfter(load.ready_date, load.delivery_window_days);
  paper.letterhead(doc.broker, 'RATE CONFIRMATION', [
    { label: 'Load', value: loadName(load) },
    { label: 'Dispatched', value: day(load.dispatched_on) },
    { label: 'Ready', value: day(load.ready_date) },
    { label: 'Deliver by', value: deliverBy },
    { label: 'Carrier pay', value: pay, strong: true },
  ]);
  paper.blocks([
    { label: 'Carrier', lines: carrierLines(doc.carrier) },
    { label: 'Dispatched by', lines: brokerContactLines(doc.broker) },
  ]);
  const window = `${load.delivery_window_days} ${load.delivery_window_days === 1 ? 'day' : 'days'}`;
  paper.blocks([
    { label: 'Pickup', lines: [...stopLines(load.pickup), { text: `Ready ${day(load.ready_date)}`, bold: true }] },
    {
      label: 'Delivery',
      lines: [...stopLines(load.delivery), { text: `Deliver by ${deliverBy} (within ${window} of the ready date)`, bold: true }],
    },
  ]);
  paper.vehicles(load.vehicles);
  paper.totals([['Agreed carrier pay', pay, true]]);
  paper.paragraph('Terms', RATE_CONFIRMATION_TERMS);
  paper.signatures(['Carrier signature', 'Printed name', 'Date']);
}

const RATE_CONFIRMATION_TERMS =
  'The carrier agrees to move the vehicles listed above from the pickup to the delivery location for ' +
  'the agreed carrier pay, which includes fuel and every other charge unless agreed otherwise in ' +
  'writing. The carrier holds the operating authority and the cargo and liability insurance the law ' +
  'requires for the whole move, notes any damage on the bill of lading at pickup and at delivery, and ' +
  'does not re-broker, assign or interline the load. The carrier pay is paid after delivery, on receipt ' +
  'of the bill of lading signed by the consignee. Sign and return this confirmation before pickup.';
