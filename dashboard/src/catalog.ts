// The API's closed lists, as the spec says them: generated from specs/openapi.yaml by `npm run
// generate` (generated/enums.ts), so a value added to the spec reaches the dashboard's pick-lists and
// filters by itself. Only how they are grouped and labelled for people is written here.
import {
  API_VERSION,
  AUDIT_ACTION,
  DEPRECATED_EVENT_TYPES,
  CARRIER_STATUS,
  EVENT_TYPE,
  EVENT_TYPE_SCOPE,
  INVOICE_STATUS,
  LEDGER_ACCOUNT,
  MARGIN_GROUPING,
  MESSAGE_CHANNEL,
  MESSAGE_KIND,
  MESSAGE_STATUS,
  ORDER_EXCEPTION_KIND,
  ORDER_STATUS,
  PAYMENT_METHOD,
  REPORT_INTERVAL,
  SCOPE,
  USER_ROLE,
  VEHICLE_TYPE,
} from '../../generated/enums.ts';
import type { S } from './api.ts';

export const API_VERSIONS = API_VERSION satisfies readonly S['ApiVersion'][];
export const SCOPES = SCOPE satisfies readonly S['Scope'][];
export const REPORT_INTERVALS = REPORT_INTERVAL satisfies readonly S['ReportInterval'][];

/** The event an endpoint is sent on request ("Send test event"); subscribing to it changes nothing. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test' satisfies S['EventType'];

/** How the pick-list groups event types: by the resource before the dot. */
const GROUP_LABELS: Record<string, string> = {
  customer: 'Customers',
  order: 'Orders',
  carrier: 'Carriers',
  compliance_alert: 'Compliance',
  compliance: 'Compliance',
  invoice: 'Invoices',
  payment: 'Payments',
  carrier_payment: 'Carrier payments',
  audit: 'Audit',
  test_helpers: 'Test clocks',
};
/** The group of the event types that happen in test mode only (test clocks), not offered in live mode. */
export const TEST_MODE_GROUP = GROUP_LABELS.test_helpers!;

/** The event types another replaces (still sent to the endpoints subscribed to them): not offered to new ones. */
const DEPRECATED: readonly string[] = DEPRECATED_EVENT_TYPES satisfies readonly S['EventType'][];

/** The event types an endpoint subscribes to, grouped by the resource they are about, for its pick-list (deprecated ones left out). */
export const EVENT_GROUPS: Record<string, S['EventType'][]> = {};
for (const type of EVENT_TYPE) {
  if (type === TEST_EVENT_TYPE || DEPRECATED.includes(type)) continue;
  const resource = type.slice(0, type.indexOf('.'));
  (EVENT_GROUPS[GROUP_LABELS[resource] ?? resource] ??= []).push(type);
}
/** Every event type, for the events browser. */
export const EVENT_TYPES = EVENT_TYPE satisfies readonly S['EventType'][];
/** The scope that reads each event type: a session sees, and subscribes endpoints to, only the types whose scope it holds. */
export const EVENT_TYPE_SCOPES = EVENT_TYPE_SCOPE satisfies Record<S['EventType'], S['Scope']>;

export const ORDER_STATUSES = ORDER_STATUS satisfies readonly S['OrderStatus'][];
export const CARRIER_STATUSES = CARRIER_STATUS satisfies readonly S['CarrierStatus'][];
export const ROLES = USER_ROLE satisfies readonly S['UserRole'][];
export const EXCEPTION_KINDS = ORDER_EXCEPTION_KIND satisfies readonly S['OrderExceptionKind'][];
export const VEHICLE_TYPES = VEHICLE_TYPE satisfies readonly S['VehicleType'][];
/** The audit log's actions (AuditAction), for its filter. */
export const AUDIT_ACTIONS = AUDIT_ACTION satisfies readonly S['AuditAction'][];
export const INVOICE_STATUSES = INVOICE_STATUS satisfies readonly S['InvoiceStatus'][];
export const PAYMENT_METHODS = PAYMENT_METHOD satisfies readonly S['PaymentMethod'][];
export const LEDGER_ACCOUNTS = LEDGER_ACCOUNT satisfies readonly S['LedgerAccount'][];
export const MARGIN_GROUPINGS = MARGIN_GROUPING satisfies readonly S['MarginGrouping'][];
export const MESSAGE_KINDS = MESSAGE_KIND satisfies readonly S['MessageKind'][];
export const MESSAGE_CHANNELS = MESSAGE_CHANNEL satisfies readonly S['MessageChannel'][];
export const MESSAGE_STATUSES = MESSAGE_STATUS satisfies readonly S['MessageStatus'][];
