// Closed lists of the API, checked against the generated types: when the spec adds or removes a value,
// the type check fails here until the dashboard knows about it.
import type { S } from './api.ts';

type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : { missing: Exclude<All, Listed> };
const exhaustive = <All, Listed>(_: Exhaustive<All, Listed>) => undefined;

export const API_VERSIONS = ['2026-07-01', '2026-01-15'] as const satisfies readonly S['ApiVersion'][];
exhaustive<S['ApiVersion'], (typeof API_VERSIONS)[number]>(true);

export const SCOPES = [
  'orders:read', 'orders:write', 'customers:read', 'customers:write', 'carriers:read', 'carriers:write',
  'accounting:read', 'accounting:write', 'webhooks:manage', 'audit:read', 'keys:manage', 'users:manage',
] as const satisfies readonly S['Scope'][];
exhaustive<S['Scope'], (typeof SCOPES)[number]>(true);

/** The event an endpoint is sent on request ("Send test event"); subscribing to it changes nothing. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test' satisfies S['EventType'];

/** The event types an endpoint subscribes to, grouped by the resource they are about, for its pick-list. */
export const EVENT_GROUPS = {
  Orders: ['order.created', 'order.dispatched', 'order.in_transit', 'order.delivered', 'order.cancelled', 'order.exception'],
  Carriers: ['carrier.onboarded', 'carrier.vetted', 'carrier.rejected', 'carrier.suspended'],
  Compliance: ['compliance.alert'],
  Invoices: ['invoice.created', 'invoice.sent', 'invoice.paid', 'invoice.voided'],
  Payments: ['payment.received', 'payment.failed'],
  'Carrier payments': ['carrier_payment.sent'],
  Audit: ['audit.privileged_action'],
} as const satisfies Record<string, readonly S['EventType'][]>;
exhaustive<Exclude<S['EventType'], typeof TEST_EVENT_TYPE>, (typeof EVENT_GROUPS)[keyof typeof EVENT_GROUPS][number]>(true);
/** Every event type, for the events browser. */
export const EVENT_TYPES: S['EventType'][] = [...Object.values(EVENT_GROUPS).flat(), TEST_EVENT_TYPE];

export const ORDER_STATUSES = ['pending', 'dispatched', 'in_transit', 'delivered', 'cancelled'] as const satisfies readonly S['OrderStatus'][];
exhaustive<S['OrderStatus'], (typeof ORDER_STATUSES)[number]>(true);

export const CARRIER_STATUSES = ['pending_vetting', 'active', 'rejected', 'suspended'] as const satisfies readonly S['CarrierStatus'][];
exhaustive<S['CarrierStatus'], (typeof CARRIER_STATUSES)[number]>(true);

export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const satisfies readonly S['UserRole'][];
exhaustive<S['UserRole'], (typeof ROLES)[number]>(true);

export const EXCEPTION_KINDS = ['delay', 'damage', 'dispute'] as const satisfies readonly S['OrderExceptionKind'][];
exhaustive<S['OrderExceptionKind'], (typeof EXCEPTION_KINDS)[number]>(true);

export const VEHICLE_TYPES = ['car', 'suv', 'pickup', 'van', 'motorcycle', 'other'] as const satisfies readonly S['VehicleType'][];
exhaustive<S['VehicleType'], (typeof VEHICLE_TYPES)[number]>(true);

/** The audit log's actions (AuditAction), for its filter. */
export const AUDIT_ACTIONS = [
  'api_key.created', 'api_key.revoked', 'oauth_client.created', 'oauth_client.revoked', 'user.created', 'user.updated',
  'user.deleted', 'webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated', 'webhook_endpoint.deliveries_recovered', 'webhook_endpoint.disabled', 'event.replayed', 'carrier.suspended', 'carrier.revetted',
  'carrier.reinstated', 'invoice.voided', 'carrier_payment.sent',
] as const satisfies readonly S['AuditAction'][];
exhaustive<S['AuditAction'], (typeof AUDIT_ACTIONS)[number]>(true);

export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PAID', 'VOID'] as const satisfies readonly S['InvoiceStatus'][];
exhaustive<S['InvoiceStatus'], (typeof INVOICE_STATUSES)[number]>(true);

export const PAYMENT_METHODS = ['ach', 'wire', 'check', 'card'] as const satisfies readonly S['PaymentMethod'][];
exhaustive<S['PaymentMethod'], (typeof PAYMENT_METHODS)[number]>(true);

export const LEDGER_ACCOUNTS = ['cash', 'accounts_receivable', 'revenue', 'carrier_cost', 'carrier_payable'] as const satisfies readonly S['LedgerAccount'][];
exhaustive<S['LedgerAccount'], (typeof LEDGER_ACCOUNTS)[number]>(true);
