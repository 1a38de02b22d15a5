// What each business document shows, as plain data: the snapshot a message keeps of the state it was
// made from (JSON, stored with the message) and the only input of the renderer (documents.render.ts).
// Rendering the same model gives the same bytes, so a kept model re-renders exactly what was sent.
// Amounts are integer cents with their currency; dates are `YYYY-MM-DD` (UTC) or Unix seconds.

/** A US postal address (the API's PostalAddress). */
export interface Address {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** A stop of a load: its address and who to call there. */
export interface Stop extends Address {
  contact_name?: string | null;
  contact_phone?: string | null;
}

export interface VehicleLine {
  year: number;
  make: string;
  model: string;
  vin: string;
  type?: string | null;
  inoperable?: boolean;
}

/** The brokerage's own details, printed on every document (the account settings). */
export interface Broker {
  legal_name: string;
  address: Address | null;
  phone: string | null;
  email: string | null;
  /** Where customers send payments, when it is not `address`. */
  remit_to: Address | null;
  /** How to pay (bank details, terms), free text of a few lines. */
  payment_instructions: string | null;
}

/** A load as the documents show it. */
export interface Load {
  id: string;
  /** The load number people say (`L-000123`); absent in models kept from before load numbers. */
  number?: string;
  /** The customer's reference (PO or stock number), when it has one. */
  reference?: string | null;
  pickup: Stop;
  delivery: Stop;
  vehicles: VehicleLine[];
}

export interface InvoiceDocument {
  kind: 'invoice';
  broker: Broker;
  number: string;
  /** `SENT`, `PAID`, `VOID` or `DRAFT`: a draft or a void invoice is marked so on the page. */
  status: 'DRAFT' | 'SENT' | 'PAID' | 'VOID';
  /** The day it was issued (sent), or created for a draft. */
  issued_on: string;
  due_date: string;
  currency: string;
  customer: { name: string; email: string | null; billing_address: Address | null };
  lines: { description: string; quantity: number; unit_amount: number; amount: number; load: Load | null }[];
  subtotal: number;
  amount_paid: number;
  amount_remaining: number;
  /** The invoice's hosted page, which its email links; absent on a printed letter. */
  hosted_url?: string | null;
}

export interface CarrierParty {
  id: string;
  legal_name: string | null;
  dot_number: string;
  mc_number: string | null;
  contact_name: string;
  contact_email: string;
  phone: string;
}

/** Remittance advice: what a carrier payment paid, load by load. */
export interface RemittanceDocument {
  kind: 'remittance';
  broker: Broker;
  carrier: CarrierParty;
  payment: { id: string; sent_on: string; payment_method: string; reference: string | null; amount: number; currency: string };
  loads: (Load & { delivered_on: string | null; carrier_pay: number })[];
  /** When the payment was voided as recorded by mistake, and why; null while it stands (a void one is marked VOID on the page). */
  voided?: { on: string; reason: string } | null;
}

/** Rate confirmation: the load a carrier is dispatched on and what it is paid for it. */
export interface RateConfirmationDocument {
  kind: 'rate_confirmation';
  broker: Broker;
  carrier: CarrierParty;
  load: Load & { ready_date: string; delivery_window_days: number; dispatched_on: string };
  carrier_pay: number | null;
  currency: string;
}

/** Bill of lading: the load as delivered, who signed for it and when. */
export interface BillOfLadingDocument {
  kind: 'bill_of_lading';
  broker: Broker;
  customer: { name: string };
  carrier: CarrierParty | null;
  load: Load;
  picked_up_at: number | null;
  delivered_at: number;
  signed_by: string;
  signed_at: number;
  exceptions: { kind: string; note: string | null; created: number }[];
}

export type BusinessDocument = InvoiceDocument | RemittanceDocument | RateConfirmationDocument | BillOfLadingDocument;

/**
 * A customer's email about its load at a moment of its life (dispatched, picked up, delivered): not
 * a document of its own, the model its words are written from; the delivered one attaches the
 * signed bill of lading.
 */
export interface LoadNotice {
  kind: 'order_dispatched' | 'order_picked_up' | 'order_delivered';
  broker: Broker;
  customer: { name: string };
  load: Load;
  carrier_name: string | null;
  /** The load's tracking page. */
  tracking_url: string | null;
  bill_of_lading: BillOfLadingDocument | null;
}

/** What a message is written from: a document it attaches, or a load notice. */
export type MessageModel = BusinessDocument | LoadNotice;

