// What several documents say the same way: an address, a route, a vehicle, a stop, a carrier, the
// broker's contact.

import { oneLine } from './format.js';
import type { Address, Broker, CarrierParty, Load, Stop, VehicleLine } from './documents.models.js';

/** How a document names a load: its number (`L-000123`), or its id in a model kept from before numbers. */
export const loadName = (load: Pick<Load, 'id' | 'number'>): string => load.number ?? load.id;

/** The load's name with the customer's reference: `L-000123 (ref. PO-88123)`. */
export const loadNameWithReference = (load: Load): string => (load.reference ? `${loadName(load)} (ref. ${oneLine(load.reference)})` : loadName(load));

/** A line of a block or a cell; `whole` for an id that must shrink rather than wrap. */
export interface Line {
  text: string;
  bold?: boolean;
  muted?: boolean;
  whole?: boolean;
}

export function addressLines(address: Address | null | undefined): Line[] {
  if (!address) return [];
  return [
    { text: address.address1 },
    ...(address.address2 ? [{ text: address.address2 }] : []),
    { text: place(address) },
  ];
}

export function place(address: Address): string {
  return `${oneLine(address.city)}, ${oneLine(address.state)} ${oneLine(address.zip)}`;
}

export function route(load: Load): string {
  return `${place(load.pickup)} → ${place(load.delivery)}`;
}

export function vehicleName(v: VehicleLine): string {
  return `${v.year} ${oneLine(v.make)} ${oneLine(v.model)} VIN ${v.vin}`;
}

export function stopLines(stop: Stop): Line[] {
  return [
    ...addressLines(stop),
    ...(stop.contact_name ? [{ text: `Contact: ${stop.contact_name}` }] : []),
    ...(stop.contact_phone ? [{ text: `Phone: ${stop.contact_phone}` }] : []),
  ];
}

export function carrierLines(carrier: CarrierParty): Line[] {
  const authority = [`DOT ${carrier.dot_number}`, ...(carrier.mc_number ? [`MC ${carrier.mc_number}`] : [])].join(' · ');
  return [
    { text: carrier.legal_name || carrier.contact_name, bold: true },
    { text: authority },
    { text: `Contact: ${carrier.contact_name}` },
    { text: carrier.contact_email },
    { text: carrier.phone },
  ];
}

export function brokerContactLines(broker: Broker): Line[] {
  return [
    { text: broker.legal_name, bold: true },
    ...(broker.phone ? [{ text: broker.phone }] : []),
    ...(broker.email ? [{ text: broker.email }] : []),
  ];
}
