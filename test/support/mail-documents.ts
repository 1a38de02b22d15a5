// Business documents for the mail tests: an invoice for a customer whose name needs Unicode, with one
// load of two vehicles, its remittance advice and rate confirmation, as the services would make them.
import type { Broker, InvoiceDocument, Load, RateConfirmationDocument, RemittanceDocument } from '../../src/documents/documents.models.js';

export const BROKER: Broker = {
  legal_name: 'Roadway Auto Transport LLC',
  address: { address1: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  phone: '+1 512 555 0100',
  email: 'billing@roadway.example',
  remit_to: null,
  payment_instructions: 'ACH: routing 111000025, account 0012345678\nQuote the invoice number.',
};

export const VINS = ['1HGCM82633A004352', '4T1BF3EK5AU123456'] as const;

export const LOAD: Load = {
  id: 'ord_01JF3QF2H4K6M8P0R2T4V6X8Z0',
  pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607', contact_name: 'Dana Ruiz', contact_phone: '+1 312 555 0101' },
  delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139', contact_name: null, contact_phone: null },
  vehicles: [
    { year: 2003, make: 'Honda', model: 'Accord', vin: VINS[0] },
    { year: 2010, make: 'Toyota', model: 'Camry', vin: VINS[1] },
  ],
};

export function invoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    broker: BROKER,
    number: 'INV-000123',
    status: 'SENT',
    issued_on: '2026-12-01',
    due_date: '2026-12-31',
    currency: 'usd',
    customer: {
      name: 'Zoë Łódź Motors',
      email: 'ap@zoe-motors.example',
      billing_address: { address1: '2 Elm St', address2: null, city: 'Dallas', state: 'TX', zip: '75201' },
    },
    lines: [{ description: 'Chicago, IL to Miami Beach, FL', quantity: 1, unit_amount: 145_000, amount: 145_000, load: LOAD }],
    subtotal: 145_000,
    amount_paid: 0,
    amount_remaining: 145_000,
    ...overrides,
  };
}

export const CARRIER = {
  id: 'car_01JF3QF2H4K6M8P0R2T4V6X8Z0',
  legal_name: 'Blue Line Haulers Inc',
  dot_number: '2847193',
  mc_number: 'MC-123456',
  contact_name: 'Maria Delgado',
  contact_email: 'dispatch@blueline.example',
  phone: '+16025550117',
};

export function remittanceDocument(overrides: Partial<RemittanceDocument> = {}): RemittanceDocument {
  return {
    kind: 'remittance',
    broker: BROKER,
    carrier: CARRIER,
    payment: { id: 'cpy_01JF3QF2H4K6M8P0R2T4V6X8Z0', sent_on: '2026-12-05', payment_method: 'ach', reference: '000123', amount: 110_000, currency: 'usd' },
    loads: [
      { ...LOAD, delivered_on: '2026-12-03', carrier_pay: 55_000 },
      { ...LOAD, id: 'ord_01JF3QF2H4K6M8P0R2T4V6X8Z1', delivered_on: '2026-12-04', carrier_pay: 55_000 },
    ],
    ...overrides,
  };
}

export function rateConfirmationDocument(overrides: Partial<RateConfirmationDocument> = {}): RateConfirmationDocument {
  return {
    kind: 'rate_confirmation',
    broker: BROKER,
    carrier: CARRIER,
    load: { ...LOAD, ready_date: '2026-12-01', delivery_window_days: 5, dispatched_on: '2026-11-28' },
    carrier_pay: 95_000,
    currency: 'usd',
    ...overrides,
  };
}
