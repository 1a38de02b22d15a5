// The bill of lading: the load as picked up and delivered, who signed for it and when, and the
// exceptions noted on the way.

import { instant, oneLine, sentenceCase } from './format.js';
import type { DocumentDrawing, Paper } from './layout.js';
import { fileNamePart } from './layout.js';
import { carrierLines, loadName, stopLines } from './words.js';
import type { BillOfLadingDocument } from './documents.models.js';

export const billOfLading: DocumentDrawing<BillOfLadingDocument> = {
  fileName: (doc) => `bill-of-lading-${fileNamePart(loadName(doc.load))}.pdf`,
  title: (doc) => `Bill of lading ${loadName(doc.load)}`,
  instant: (doc) => doc.delivered_at * 1000,
  draw: drawBillOfLading,
};

function drawBillOfLading(paper: Paper, doc: BillOfLadingDocument): void {
  const { load } = doc;
  paper.letterhead(doc.broker, 'BILL OF LADING', [
    { label: 'Load', value: loadName(load) },
    ...(load.reference ? [{ label: 'Reference', value: oneLine(load.reference), prose: true }] : []),
    { label: 'Picked up', value: doc.picked_up_at === null ? 'Not recorded' : instant(doc.picked_up_at) },
    { label: 'Delivered', value: instant(doc.delivered_at) },
  ]);
  paper.blocks([
    { label: 'Shipper', lines: [{ text: doc.customer.name, bold: true }] },
    { label: 'Carrier', lines: doc.carrier ? carrierLines(doc.carrier) : [{ text: 'Not recorded' }] },
  ]);
  paper.blocks([
    {
      label: 'Pickup',
      lines: [
        ...stopLines(load.pickup),
        { text: `Picked up ${doc.picked_up_at === null ? 'not recorded' : instant(doc.picked_up_at)}`, bold: true },
      ],
    },
    { label: 'Delivery', lines: [...stopLines(load.delivery), { text: `Delivered ${instant(doc.delivered_at)}`, bold: true }] },
  ]);
  paper.vehicles(load.vehicles);
  const receipt = `Received in good order by ${oneLine(doc.signed_by)} at ${instant(doc.signed_at)}`;
  paper.paragraph('Receipt', doc.exceptions.length ? `${receipt}, except as noted below.` : `${receipt}.`);
  paper.heading('Exceptions');
  if (doc.exceptions.length === 0) {
    paper.sentence('No exceptions noted.');
    return;
  }
  paper.table(
    [
      { header: 'Kind', width: 110 },
      { header: 'Note', width: 268 },
      { header: 'Time', width: 126 },
    ],
    doc.exceptions.map((e) => ({ cells: [sentenceCase(e.kind), e.note ?? '—', instant(e.created)], details: [] })),
  );
}
