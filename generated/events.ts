// GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
// Webhook event types from the AsyncAPI document (models by Modelina TypeScriptGenerator).
/* eslint-disable */

/** The body of a webhook delivery, whatever its event type. */
export type AnyEventEnvelope = CustomerCreatedEvent | CustomerUpdatedEvent | OrderCreatedEvent | OrderDispatchedEvent | OrderInTransitEvent | OrderDeliveredEvent | OrderCancelledEvent | OrderExceptionEvent | OrderReopenedEvent | OrderUpdatedEvent | CarrierOnboardedEvent | CarrierVettedEvent | CarrierSuspendedEvent | CarrierRejectedEvent | CarrierUpdatedEvent | InvoiceCreatedEvent | InvoiceSentEvent | InvoicePaidEvent | InvoiceVoidedEvent | InvoiceReopenedEvent | InvoiceOverdueEvent | InvoiceDeliveryFailedEvent | InvoiceUpdatedEvent | PaymentReceivedEvent | PaymentFailedEvent | PaymentReturnedEvent | CarrierPaymentSentEvent | CarrierPaymentVoidedEvent | ComplianceAlertEvent | ComplianceAlertOpenedEvent | ComplianceAlertClearedEvent | ComplianceAlertResolvedEvent | AuditPrivilegedActionEvent | WebhookEndpointTestEvent | TestClockAdvancingEvent | TestClockReadyEvent;

export interface CustomerCreatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'customer.created';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Customer;
}

export type ApiVersion = "2027-01-15" | "2026-12-01" | "2026-07-01" | "2026-01-15";

export interface EventRequestObject {
  id: string;
  idempotency_key: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  livemode: boolean;
  test_clock: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  billing_address: PostalAddress | null;
  notifications: CustomerNotifications;
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export interface PostalAddress {
  address1: string;
  address2?: string | null;
  city: string;
  state: StateCode;
  zip: string;
}

export type StateCode = "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "DC" | "AS" | "GU" | "MP" | "PR" | "VI";

export interface CustomerNotifications {
  moments: CustomerNotificationMoment[];
  email: string | null;
}

export type CustomerNotificationMoment = "dispatched" | "picked_up" | "delivered";

export interface CustomerUpdatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'customer.updated';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: CustomerUpdatedData;
}

export interface CustomerUpdatedData {
  object: Customer;
  previous_attributes: CustomerPreviousAttributes;
}

export interface CustomerPreviousAttributes {
  name?: string;
  email?: string | null;
  phone?: string | null;
  billing_address?: PostalAddress | null;
  metadata?: Record<string, string>;
}

export interface OrderCreatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.created';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export interface Order {
  id: string;
  object: 'order';
  livemode: boolean;
  test_clock: string | null;
  number: string;
  reference: string | null;
  tracking_url: string | null;
  status: OrderStatus;
  customer_id: string;
  carrier_id: string | null;
  pickup: StopOut;
  delivery: StopOut;
  vehicles: VehicleOut[];
  ready_date: string;
  delivery_window_days: number;
  price: number | null;
  carrier_pay: number | null;
  currency: Currency;
  bill_of_lading: BillOfLading | null;
  exceptions: OrderException[];
  cancellation_reason: string | null;
  cancelled_at: number | null;
  dispatched_at: number | null;
  picked_up_at: number | null;
  delivered_at: number | null;
  reopenings: OrderReopening[];
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export type OrderStatus = "pending" | "dispatched" | "in_transit" | "delivered" | "cancelled";

export interface StopOut {
  address1: string;
  address2: string | null;
  city: string;
  state: StateCode;
  zip: string;
  contact_name: string | null;
  contact_phone: string | null;
}

export interface VehicleOut {
  vin: string;
  year: number;
  make: string;
  model: string;
  type: VehicleType | null;
  inoperable: boolean;
}

export type VehicleType = "car" | "suv" | "pickup" | "van" | "motorcycle" | "other";

export type Currency = "usd";

export interface BillOfLading {
  signed_by: string;
  signed_at: number;
}

export interface OrderException {
  kind: OrderExceptionKind;
  note: string | null;
  created: number;
}

export type OrderExceptionKind = "delay" | "damage" | "dispute";

export interface OrderReopening {
  from_status: AnonymousSchema_776;
  to_status: AnonymousSchema_777;
  reason: string;
  cancellation_reason: string | null;
  ended_at: number;
  bill_of_lading: BillOfLading | null;
  created: number;
}

export type AnonymousSchema_198 = "cancelled" | "delivered";

export type AnonymousSchema_199 = "pending" | "dispatched" | "in_transit";

export interface OrderDispatchedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.dispatched';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_283 = "cancelled" | "delivered";

export type AnonymousSchema_284 = "pending" | "dispatched" | "in_transit";

export interface OrderInTransitEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.in_transit';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_365 = "cancelled" | "delivered";

export type AnonymousSchema_366 = "pending" | "dispatched" | "in_transit";

export interface OrderDeliveredEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.delivered';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_447 = "cancelled" | "delivered";

export type AnonymousSchema_448 = "pending" | "dispatched" | "in_transit";

export interface OrderCancelledEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.cancelled';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_529 = "cancelled" | "delivered";

export type AnonymousSchema_530 = "pending" | "dispatched" | "in_transit";

export interface OrderExceptionEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.exception';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_611 = "cancelled" | "delivered";

export type AnonymousSchema_612 = "pending" | "dispatched" | "in_transit";

export interface OrderReopenedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.reopened';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Order;
}

export type AnonymousSchema_693 = "cancelled" | "delivered";

export type AnonymousSchema_694 = "pending" | "dispatched" | "in_transit";

export interface OrderUpdatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'order.updated';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: OrderUpdatedData;
}

export interface OrderUpdatedData {
  object: Order;
  previous_attributes: OrderPreviousAttributes;
}

export type AnonymousSchema_776 = "cancelled" | "delivered";

export type AnonymousSchema_777 = "pending" | "dispatched" | "in_transit";

export interface OrderPreviousAttributes {
  pickup?: StopOut;
  delivery?: StopOut;
  vehicles?: VehicleOut[];
  ready_date?: string;
  delivery_window_days?: number;
  price?: number | null;
  carrier_pay?: number | null;
  metadata?: Record<string, string>;
}

export interface CarrierOnboardedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier.onboarded';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Carrier;
}

export interface Carrier {
  id: string;
  object: 'carrier';
  livemode: boolean;
  test_clock: string | null;
  status: CarrierStatus;
  safer_pull_status: SaferPullStatus;
  dot_number: string;
  mc_number: string | null;
  legal_name: string | null;
  contact_name: string;
  contact_email: string;
  phone: string;
  vetting: CarrierVetting | null;
  insurance_expiry_date: string | null;
  bond_expiry_date: string | null;
  process_agent_expiry_date: string | null;
  suspension_reason: string | null;
  suspended_at: number | null;
  monitoring: CarrierMonitoring;
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export type CarrierStatus = "pending_vetting" | "active" | "rejected" | "suspended";

export type SaferPullStatus = "queued" | "in_progress" | "completed" | "failed";

export interface CarrierVetting {
  passed: boolean;
  reasons: (VettingReason | string)[];
  vetted_at: number;
  record: RegistrySnapshot | null;
}

export type VettingReason = "not_authorized" | "insurance_below_minimum" | "unsatisfactory_rating" | "out_of_service" | "mc_number_mismatch" | "not_found";

export interface RegistrySnapshot {
  provider: string;
  legal_name: string;
  dot_number: string;
  mc_number: string | null;
  allowed_to_operate: boolean;
  common_authority: AuthorityStatus;
  contract_authority: AnonymousSchema_872;
  bipd_insurance_on_file_usd: number;
  bipd_insurance_required_usd: number;
  safety_rating: SafetyRating;
  out_of_service_date: string | null;
  phone?: string | null;
  email?: string | null;
  physical_address?: string | null;
  retrieved_at: number;
}

export type AuthorityStatus = "active" | "inactive" | "none";

export type AnonymousSchema_872 = "active" | "inactive" | "none";

export type SafetyRating = "satisfactory" | "conditional" | "unsatisfactory" | "unrated";

export interface CarrierMonitoring {
  last_checked_at: number | null;
  next_check_at: number | null;
  last_change_at: number | null;
}

export interface CarrierVettedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier.vetted';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Carrier;
}

export interface CarrierSuspendedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier.suspended';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Carrier;
}

export interface CarrierRejectedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier.rejected';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Carrier;
}

export interface CarrierUpdatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier.updated';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: CarrierUpdatedData;
}

export interface CarrierUpdatedData {
  object: Carrier;
  previous_attributes: CarrierPreviousAttributes;
}

export interface CarrierPreviousAttributes {
  status?: CarrierStatus;
  safer_pull_status?: SaferPullStatus;
  mc_number?: string | null;
  contact_name?: string;
  contact_email?: string;
  phone?: string;
  insurance_expiry_date?: string | null;
  bond_expiry_date?: string | null;
  process_agent_expiry_date?: string | null;
  suspension_reason?: string | null;
  suspended_at?: number | null;
  metadata?: Record<string, string>;
}

export interface InvoiceCreatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.created';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  livemode: boolean;
  number: string;
  status: InvoiceStatus;
  customer_id: string;
  currency: Currency;
  lines: InvoiceLine[];
  subtotal: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  due_date: string;
  past_due: boolean;
  sent_via: InvoiceSentVia | null;
  sent_to: string | PostalAddress | null;
  sent_at: number | null;
  paid_at: number | null;
  voided_at: number | null;
  invoice_pdf: string;
  hosted_invoice_url: string | null;
  delivery: MessageDelivery | null;
  created: number;
  updated: number;
  metadata: Record<string, string>;
}

export type InvoiceStatus = "DRAFT" | "SENT" | "PAID" | "VOID";

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  order_id: string | null;
}

export type InvoiceSentVia = "email" | "post";

export interface MessageDelivery {
  message_id: string;
  channel: MessageChannel;
  to: string | PostalAddress;
  status: MessageStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number | null;
  sent_at: number | null;
}

export type MessageChannel = "email" | "post";

export type MessageStatus = "queued" | "sent" | "failed" | "cancelled" | "kept";

export interface InvoiceSentEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.sent';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface InvoicePaidEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.paid';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: InvoicePaidData;
}

export interface InvoicePaidData {
  id: string;
  amount: number;
  currency: Currency;
  customer_id: string;
  paid_at: number;
  payment_method: PaymentMethod;
}

export type PaymentMethod = "ach" | "wire" | "check" | "card";

export interface InvoiceVoidedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.voided';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface InvoiceReopenedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.reopened';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface InvoiceOverdueEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.overdue';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface InvoiceDeliveryFailedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.delivery_failed';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Invoice;
}

export interface InvoiceUpdatedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'invoice.updated';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: InvoiceUpdatedData;
}

export interface InvoiceUpdatedData {
  object: Invoice;
  previous_attributes: InvoicePreviousAttributes;
}

export interface InvoicePreviousAttributes {
  lines?: InvoiceLine[];
  subtotal?: number;
  amount_due?: number;
  amount_paid?: number;
  amount_remaining?: number;
  due_date?: string;
  past_due?: boolean;
}

export interface PaymentReceivedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'payment.received';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Payment;
}

export interface Payment {
  id: string;
  object: 'payment';
  livemode: boolean;
  customer_id: string;
  invoice_id: string | null;
  amount: number;
  currency: Currency;
  payment_method: PaymentMethod;
  reference: string | null;
  status: PaymentStatus;
  failure_reason: string | null;
  returned_at: number | null;
  return_reason: string | null;
  created: number;
  metadata: Record<string, string>;
  updated: number;
}

export type PaymentStatus = "succeeded" | "failed" | "returned";

export interface PaymentFailedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'payment.failed';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Payment;
}

export interface PaymentReturnedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'payment.returned';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: Payment;
}

export interface CarrierPaymentSentEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier_payment.sent';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: CarrierPayment;
}

export interface CarrierPayment {
  id: string;
  object: 'carrier_payment';
  livemode: boolean;
  carrier_id: string;
  order_ids: string[];
  amount: number;
  currency: Currency;
  payment_method: PaymentMethod;
  reference: string | null;
  status: CarrierPaymentStatus;
  sent_at: number;
  voided_at: number | null;
  void_reason: string | null;
  remittance_pdf: string;
  remittance: MessageDelivery | null;
  created: number;
  metadata: Record<string, string>;
}

export type CarrierPaymentStatus = "sent" | "voided";

export interface CarrierPaymentVoidedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'carrier_payment.voided';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: CarrierPayment;
}

export interface ComplianceAlertEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'compliance.alert';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: ComplianceAlert;
}

export interface ComplianceAlert {
  id: string;
  object: 'compliance_alert';
  livemode: boolean;
  carrier_id: string;
  kind: ComplianceAlertKind | string;
  expiry_date: string;
  status: ComplianceAlertStatus;
  resolution_note: string | null;
  resolved_at: number | null;
  details: ComplianceAlertDetails | null;
  cleared_at: number | null;
  created: number;
  updated: number;
}

export type ComplianceAlertKind = "insurance_certificate" | "bond" | "process_agent" | "authority_revoked" | "out_of_service" | "insurance_cancelled" | "unsatisfactory_rating" | "registry_record_missing" | "identity_changed";

export type ComplianceAlertStatus = "open" | "resolved";

export interface ComplianceAlertDetails {
  snapshot_id: string;
  summary: string;
  changes: RegistryChange[];
}

export interface RegistryChange {
  field: string;
  previous: any;
  current: any;
}

export interface ComplianceAlertOpenedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'compliance_alert.opened';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: ComplianceAlert;
}

export interface ComplianceAlertClearedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'compliance_alert.cleared';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: ComplianceAlert;
}

export interface ComplianceAlertResolvedEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'compliance_alert.resolved';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: ComplianceAlert;
}

export interface AuditPrivilegedActionEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'audit.privileged_action';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: AuditLog;
}

export interface AuditLog {
  id: string;
  object: 'audit_log';
  livemode: boolean;
  actor: string;
  action: AuditAction | string;
  target: string;
  request_id: string | null;
  ip: string | null;
  created: number;
}

export type AuditAction = "api_key.created" | "api_key.revoked" | "oauth_client.created" | "oauth_client.revoked" | "user.created" | "user.updated" | "user.deleted" | "user.password_changed" | "user.password_reset" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deliveries_recovered" | "webhook_endpoint.disabled" | "event.replayed" | "carrier.suspended" | "carrier.reinstated" | "carrier.revetted" | "invoice.voided" | "carrier_payment.sent" | "carrier_payment.voided" | "order.reopened" | "payment.returned" | "test_data.deleted";

export interface WebhookEndpointTestEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'webhook_endpoint.test';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: WebhookEndpoint;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  livemode: boolean;
  test_clock: string | null;
  url: string;
  enabled_events: string[];
  api_version: ApiVersion | string;
  description: string | null;
  status: WebhookEndpointStatus;
  disabled_reason: AnonymousSchema_1934 | null;
  health: WebhookEndpointHealth;
  secret?: string;
  previous_secret_expires_at: number | null;
  metadata: Record<string, string>;
  created: number;
  updated: number;
}

export type WebhookEndpointStatus = "enabled" | "disabled";

export type AnonymousSchema_1934 = "manual" | "failing" | "listener";

export interface WebhookEndpointHealth {
  consecutive_failures: number;
  failing_since: number | null;
  last_success_at: number | null;
  breaker: AnonymousSchema_1942;
}

export type AnonymousSchema_1942 = "closed" | "open" | "half_open";

export interface TestClockAdvancingEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'test_helpers.test_clock.advancing';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: TestClock;
}

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  livemode: boolean;
  name: string | null;
  frozen_time: number;
  status: TestClockStatus;
  advancing_to: number | null;
  created: number;
  updated: number;
}

export type TestClockStatus = "ready" | "advancing" | "internal_failure";

export interface TestClockReadyEvent {
  id: string;
  object: 'event';
  livemode: boolean;
  type: 'test_helpers.test_clock.ready';
  api_version: ApiVersion | string;
  created: number;
  request_id: string | null;
  sequence: number;
  previous_event_id: string | null;
  request: EventRequestObject | null;
  data: TestClock;
}

/** Every event type, in the order of the AsyncAPI document. */
export const EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'order.created',
  'order.dispatched',
  'order.in_transit',
  'order.delivered',
  'order.cancelled',
  'order.exception',
  'order.reopened',
  'order.updated',
  'carrier.onboarded',
  'carrier.vetted',
  'carrier.suspended',
  'carrier.rejected',
  'carrier.updated',
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.voided',
  'invoice.reopened',
  'invoice.overdue',
  'invoice.delivery_failed',
  'invoice.updated',
  'payment.received',
  'payment.failed',
  'payment.returned',
  'carrier_payment.sent',
  'carrier_payment.voided',
  'compliance.alert',
  'compliance_alert.opened',
  'compliance_alert.cleared',
  'compliance_alert.resolved',
  'audit.privileged_action',
  'webhook_endpoint.test',
  'test_helpers.test_clock.advancing',
  'test_helpers.test_clock.ready',
] as const;

export type EventType = typeof EVENT_TYPES[number];

/** The type of `data` for each event type. */
export interface EventPayloads {
  'customer.created': Customer;
  'customer.updated': CustomerUpdatedData;
  'order.created': Order;
  'order.dispatched': Order;
  'order.in_transit': Order;
  'order.delivered': Order;
  'order.cancelled': Order;
  'order.exception': Order;
  'order.reopened': Order;
  'order.updated': OrderUpdatedData;
  'carrier.onboarded': Carrier;
  'carrier.vetted': Carrier;
  'carrier.suspended': Carrier;
  'carrier.rejected': Carrier;
  'carrier.updated': CarrierUpdatedData;
  'invoice.created': Invoice;
  'invoice.sent': Invoice;
  'invoice.paid': InvoicePaidData;
  'invoice.voided': Invoice;
  'invoice.reopened': Invoice;
  'invoice.overdue': Invoice;
  'invoice.delivery_failed': Invoice;
  'invoice.updated': InvoiceUpdatedData;
  'payment.received': Payment;
  'payment.failed': Payment;
  'payment.returned': Payment;
  'carrier_payment.sent': CarrierPayment;
  'carrier_payment.voided': CarrierPayment;
  'compliance.alert': ComplianceAlert;
  'compliance_alert.opened': ComplianceAlert;
  'compliance_alert.cleared': ComplianceAlert;
  'compliance_alert.resolved': ComplianceAlert;
  'audit.privileged_action': AuditLog;
  'webhook_endpoint.test': WebhookEndpoint;
  'test_helpers.test_clock.advancing': TestClock;
  'test_helpers.test_clock.ready': TestClock;
}

/** The message payload (the delivered envelope) of each event type. */
export interface EventEnvelopes {
  'customer.created': CustomerCreatedEvent;
  'customer.updated': CustomerUpdatedEvent;
  'order.created': OrderCreatedEvent;
  'order.dispatched': OrderDispatchedEvent;
  'order.in_transit': OrderInTransitEvent;
  'order.delivered': OrderDeliveredEvent;
  'order.cancelled': OrderCancelledEvent;
  'order.exception': OrderExceptionEvent;
  'order.reopened': OrderReopenedEvent;
  'order.updated': OrderUpdatedEvent;
  'carrier.onboarded': CarrierOnboardedEvent;
  'carrier.vetted': CarrierVettedEvent;
  'carrier.suspended': CarrierSuspendedEvent;
  'carrier.rejected': CarrierRejectedEvent;
  'carrier.updated': CarrierUpdatedEvent;
  'invoice.created': InvoiceCreatedEvent;
  'invoice.sent': InvoiceSentEvent;
  'invoice.paid': InvoicePaidEvent;
  'invoice.voided': InvoiceVoidedEvent;
  'invoice.reopened': InvoiceReopenedEvent;
  'invoice.overdue': InvoiceOverdueEvent;
  'invoice.delivery_failed': InvoiceDeliveryFailedEvent;
  'invoice.updated': InvoiceUpdatedEvent;
  'payment.received': PaymentReceivedEvent;
  'payment.failed': PaymentFailedEvent;
  'payment.returned': PaymentReturnedEvent;
  'carrier_payment.sent': CarrierPaymentSentEvent;
  'carrier_payment.voided': CarrierPaymentVoidedEvent;
  'compliance.alert': ComplianceAlertEvent;
  'compliance_alert.opened': ComplianceAlertOpenedEvent;
  'compliance_alert.cleared': ComplianceAlertClearedEvent;
  'compliance_alert.resolved': ComplianceAlertResolvedEvent;
  'audit.privileged_action': AuditPrivilegedActionEvent;
  'webhook_endpoint.test': WebhookEndpointTestEvent;
  'test_helpers.test_clock.advancing': TestClockAdvancingEvent;
  'test_helpers.test_clock.ready': TestClockReadyEvent;
}

/** The body of a webhook delivery of the given event type. */
export type EventEnvelope<T extends EventType> = EventEnvelopes[T];
