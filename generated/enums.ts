// GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
// Every named enum of specs/openapi.yaml, as readonly lists, and the scope of each event type of specs/asyncapi.yaml.

/** The values of `ApiVersion`. */
export const API_VERSION = ["2027-01-15","2026-12-01","2026-07-01","2026-01-15"] as const;

/** The values of `AuditAction`. */
export const AUDIT_ACTION = ["api_key.created","api_key.revoked","oauth_client.created","oauth_client.revoked","user.created","user.updated","user.deleted","user.password_changed","user.password_reset","webhook_endpoint.created","webhook_endpoint.updated","webhook_endpoint.deleted","webhook_endpoint.secret_rotated","webhook_endpoint.deliveries_recovered","webhook_endpoint.disabled","event.replayed","carrier.suspended","carrier.reinstated","carrier.revetted","invoice.voided","carrier_payment.sent","carrier_payment.voided","order.reopened","payment.returned","test_data.deleted"] as const;

/** The values of `AuthorityStatus`. */
export const AUTHORITY_STATUS = ["active","inactive","none"] as const;

/** The values of `CarrierPaymentStatus`. */
export const CARRIER_PAYMENT_STATUS = ["sent","voided"] as const;

/** The values of `CarrierStatus`. */
export const CARRIER_STATUS = ["pending_vetting","active","rejected","suspended"] as const;

/** The values of `ComplianceAlertKind`. */
export const COMPLIANCE_ALERT_KIND = ["insurance_certificate","bond","process_agent","authority_revoked","out_of_service","insurance_cancelled","unsatisfactory_rating","registry_record_missing","identity_changed"] as const;

/** The values of `ComplianceAlertStatus`. */
export const COMPLIANCE_ALERT_STATUS = ["open","resolved"] as const;

/** The values of `Currency`. */
export const CURRENCY = ["usd"] as const;

/** The values of `CustomerNotificationMoment`. */
export const CUSTOMER_NOTIFICATION_MOMENT = ["dispatched","picked_up","delivered"] as const;

/** The values of `DatabaseStatus`. */
export const DATABASE_STATUS = ["ok","unavailable"] as const;

/** The values of `ErrorCode`. */
export const ERROR_CODE = ["missing_required_field","invalid_value","invalid_format","unknown_field","invalid_json","invalid_cursor","invalid_vin","missing_credentials","invalid_api_key","invalid_token","expired_token","insufficient_scope","resource_missing","route_not_found","method_not_allowed","invalid_state_transition","carrier_not_active","duplicate_carrier","endpoint_not_subscribed","endpoint_disabled","idempotency_key_reused","idempotency_key_in_use","payload_too_large","unsupported_media_type","rate_limit_exceeded","internal_error","invalid_client","invalid_scope","unsupported_grant_type","invalid_credentials","invalid_csrf_token","duplicate_user","last_owner","amount_exceeds_balance","order_already_billed","order_already_paid","reference_conflict","service_unavailable","registry_unavailable","livemode_mismatch","test_clock_limit","incorrect_password"] as const;

/** The values of `ErrorType`. */
export const ERROR_TYPE = ["validation_error","authentication_error","permission_error","not_found_error","invalid_request_error","conflict_error","rate_limit_error","api_error"] as const;

/** The values of `EventType`. */
export const EVENT_TYPE = ["customer.created","customer.updated","order.created","order.dispatched","order.in_transit","order.delivered","order.cancelled","order.exception","order.reopened","order.updated","carrier.onboarded","carrier.vetted","carrier.suspended","carrier.rejected","carrier.updated","invoice.created","invoice.sent","invoice.paid","invoice.voided","invoice.reopened","invoice.overdue","invoice.delivery_failed","invoice.updated","payment.received","payment.failed","payment.returned","carrier_payment.sent","carrier_payment.voided","compliance.alert","compliance_alert.opened","compliance_alert.cleared","compliance_alert.resolved","audit.privileged_action","webhook_endpoint.test","test_helpers.test_clock.advancing","test_helpers.test_clock.ready"] as const;

/** The values of `HealthStatus`. */
export const HEALTH_STATUS = ["ok"] as const;

/** The values of `InvoiceSentVia`. */
export const INVOICE_SENT_VIA = ["email","post"] as const;

/** The values of `InvoiceStatus`. */
export const INVOICE_STATUS = ["DRAFT","SENT","PAID","VOID"] as const;

/** The values of `LedgerAccount`. */
export const LEDGER_ACCOUNT = ["cash","accounts_receivable","unbilled_receivables","deferred_revenue","revenue","carrier_cost","carrier_payable"] as const;

/** The values of `LedgerDirection`. */
export const LEDGER_DIRECTION = ["debit","credit"] as const;

/** The values of `LedgerNormalBalance`. */
export const LEDGER_NORMAL_BALANCE = ["debit","credit"] as const;

/** The values of `LedgerSourceType`. */
export const LEDGER_SOURCE_TYPE = ["invoice","payment","order","carrier_payment"] as const;

/** The values of `MarginGrouping`. */
export const MARGIN_GROUPING = ["customer","carrier","lane"] as const;

/** The values of `MessageChannel`. */
export const MESSAGE_CHANNEL = ["email","post"] as const;

/** The values of `MessageKind`. */
export const MESSAGE_KIND = ["invoice","remittance","rate_confirmation","order_dispatched","order_picked_up","order_delivered"] as const;

/** The values of `MessageStatus`. */
export const MESSAGE_STATUS = ["queued","sent","failed","cancelled","kept"] as const;

/** The values of `MonitoringFinding`. */
export const MONITORING_FINDING = ["authority_revoked","out_of_service","insurance_cancelled","unsatisfactory_rating","registry_record_missing"] as const;

/** The values of `OAuthErrorCode`. */
export const OAUTH_ERROR_CODE = ["invalid_request","invalid_client","invalid_grant","unauthorized_client","unsupported_grant_type","invalid_scope","server_error","temporarily_unavailable"] as const;

/** The values of `OrderExceptionKind`. */
export const ORDER_EXCEPTION_KIND = ["delay","damage","dispute"] as const;

/** The values of `OrderStatus`. */
export const ORDER_STATUS = ["pending","dispatched","in_transit","delivered","cancelled"] as const;

/** The values of `PaymentMethod`. */
export const PAYMENT_METHOD = ["ach","wire","check","card"] as const;

/** The values of `PaymentStatus`. */
export const PAYMENT_STATUS = ["succeeded","failed","returned"] as const;

/** The values of `ReadinessStatus`. */
export const READINESS_STATUS = ["ready","not_ready"] as const;

/** The values of `ReportInterval`. */
export const REPORT_INTERVAL = ["day","week","month"] as const;

/** The values of `SaferPullStatus`. */
export const SAFER_PULL_STATUS = ["queued","in_progress","completed","failed"] as const;

/** The values of `SafetyRating`. */
export const SAFETY_RATING = ["satisfactory","conditional","unsatisfactory","unrated"] as const;

/** The values of `Scope`. */
export const SCOPE = ["orders:read","orders:write","carriers:read","carriers:write","accounting:read","accounting:write","webhooks:manage","customers:read","customers:write","audit:read","keys:manage","users:manage"] as const;

/** The values of `StateCode`. */
export const STATE_CODE = ["AL","AK","AZ","AR","CA","CO","CT","DE","FL","GA","HI","ID","IL","IN","IA","KS","KY","LA","ME","MD","MA","MI","MN","MS","MO","MT","NE","NV","NH","NJ","NM","NY","NC","ND","OH","OK","OR","PA","RI","SC","SD","TN","TX","UT","VT","VA","WA","WV","WI","WY","DC","AS","GU","MP","PR","VI"] as const;

/** The values of `TestClockStatus`. */
export const TEST_CLOCK_STATUS = ["ready","advancing","internal_failure"] as const;

/** The values of `TestRegistryChange`. */
export const TEST_REGISTRY_CHANGE = ["passes","not_found","authority_revoked","out_of_service","insurance_below_minimum","insurance_cancelled","contact_changed"] as const;

/** The values of `UserRole`. */
export const USER_ROLE = ["owner","admin","developer","viewer"] as const;

/** The values of `VehicleType`. */
export const VEHICLE_TYPE = ["car","suv","pickup","van","motorcycle","other"] as const;

/** The values of `VettingReason`. */
export const VETTING_REASON = ["not_authorized","insurance_below_minimum","unsatisfactory_rating","out_of_service","mc_number_mismatch","not_found"] as const;

/** The values of `WebhookDeliveryStatus`. */
export const WEBHOOK_DELIVERY_STATUS = ["pending","succeeded","permanently_failed"] as const;

/** The values of `WebhookEndpointStatus`. */
export const WEBHOOK_ENDPOINT_STATUS = ["enabled","disabled"] as const;

/** The scope that reads each event type (its AsyncAPI message's `x-scope`). */
export const EVENT_TYPE_SCOPE = {"audit.privileged_action":"audit:read","carrier_payment.sent":"accounting:read","carrier_payment.voided":"accounting:read","carrier.onboarded":"carriers:read","carrier.rejected":"carriers:read","carrier.suspended":"carriers:read","carrier.updated":"carriers:read","carrier.vetted":"carriers:read","compliance_alert.cleared":"carriers:read","compliance_alert.opened":"carriers:read","compliance_alert.resolved":"carriers:read","compliance.alert":"carriers:read","customer.created":"customers:read","customer.updated":"customers:read","invoice.created":"accounting:read","invoice.delivery_failed":"accounting:read","invoice.overdue":"accounting:read","invoice.paid":"accounting:read","invoice.reopened":"accounting:read","invoice.sent":"accounting:read","invoice.updated":"accounting:read","invoice.voided":"accounting:read","order.cancelled":"orders:read","order.created":"orders:read","order.delivered":"orders:read","order.dispatched":"orders:read","order.exception":"orders:read","order.in_transit":"orders:read","order.reopened":"orders:read","order.updated":"orders:read","payment.failed":"accounting:read","payment.received":"accounting:read","payment.returned":"accounting:read","test_helpers.test_clock.advancing":"orders:read","test_helpers.test_clock.ready":"orders:read","webhook_endpoint.test":"webhooks:manage"} as const;

/** The event types another replaces (their AsyncAPI message's `x-deprecated`): still sent, not offered for new subscriptions. */
export const DEPRECATED_EVENT_TYPES = ["compliance.alert"] as const;
