# GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
# The webhook event payloads of the AsyncAPI document (generated/asyncapi.json) as TypedDicts:
# one envelope per event type, `Event` the union of them all (narrow it on `event["type"]`).
# Rendered by scripts/spec/receiver-python.ts; test/receiver-python.test.ts runs mypy --strict on it.
from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict, Union

__all__ = [
    "Event",
    "EventType",
    "EVENT_TYPES",
    "API_VERSION",
    "CustomerCreatedEvent",
    "ApiVersion",
    "EventRequestObject",
    "Customer",
    "PostalAddress",
    "StateCode",
    "CustomerNotifications",
    "CustomerNotificationMoment",
    "CustomerUpdatedEvent",
    "CustomerUpdatedData",
    "CustomerPreviousAttributes",
    "OrderCreatedEvent",
    "Order",
    "OrderStatus",
    "StopOut",
    "VehicleOut",
    "VehicleType",
    "Currency",
    "BillOfLading",
    "OrderException",
    "OrderExceptionKind",
    "OrderReopening",
    "OrderDispatchedEvent",
    "OrderInTransitEvent",
    "OrderDeliveredEvent",
    "OrderCancelledEvent",
    "OrderExceptionEvent",
    "OrderReopenedEvent",
    "OrderUpdatedEvent",
    "OrderUpdatedData",
    "OrderPreviousAttributes",
    "CarrierOnboardedEvent",
    "Carrier",
    "CarrierStatus",
    "SaferPullStatus",
    "CarrierVetting",
    "VettingReason",
    "RegistrySnapshot",
    "AuthorityStatus",
    "SafetyRating",
    "CarrierMonitoring",
    "CarrierVettedEvent",
    "CarrierSuspendedEvent",
    "CarrierRejectedEvent",
    "CarrierUpdatedEvent",
    "CarrierUpdatedData",
    "CarrierPreviousAttributes",
    "InvoiceCreatedEvent",
    "Invoice",
    "InvoiceStatus",
    "InvoiceLine",
    "InvoiceSentVia",
    "MessageDelivery",
    "MessageChannel",
    "MessageStatus",
    "InvoiceSentEvent",
    "InvoicePaidEvent",
    "InvoicePaidData",
    "PaymentMethod",
    "InvoiceVoidedEvent",
    "InvoiceReopenedEvent",
    "InvoiceOverdueEvent",
    "InvoiceDeliveryFailedEvent",
    "InvoiceUpdatedEvent",
    "InvoiceUpdatedData",
    "InvoicePreviousAttributes",
    "PaymentReceivedEvent",
    "Payment",
    "PaymentStatus",
    "PaymentFailedEvent",
    "PaymentReturnedEvent",
    "CarrierPaymentSentEvent",
    "CarrierPayment",
    "CarrierPaymentStatus",
    "CarrierPaymentVoidedEvent",
    "ComplianceAlertEvent",
    "ComplianceAlert",
    "ComplianceAlertKind",
    "ComplianceAlertStatus",
    "ComplianceAlertDetails",
    "RegistryChange",
    "ComplianceAlertOpenedEvent",
    "ComplianceAlertClearedEvent",
    "ComplianceAlertResolvedEvent",
    "AuditPrivilegedActionEvent",
    "AuditLog",
    "AuditAction",
    "WebhookEndpointTestEvent",
    "WebhookEndpoint",
    "WebhookEndpointStatus",
    "WebhookEndpointHealth",
    "TestClockAdvancingEvent",
    "TestClock",
    "TestClockStatus",
    "TestClockReadyEvent",
]


class CustomerCreatedEvent(TypedDict):
    """customer.created: A customer is created. Data: the customer."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `customer.created`.
    type: Literal["customer.created"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Customer


# A supported API version (date-based), newest first; the newest is the default for new keys
# and OAuth clients. Keys, OAuth clients and webhook endpoints pin one at creation.
#
# * `2027-01-15` (current): as described by this document.
# * `2026-12-01`: creating a test clock or a webhook listener answers 200 (no `Location`);
#   deliveries, replays and recoveries name their endpoint `endpoint_id` (requests too); a
#   replay, `mark_mailed` and a listener's poll answer lists; the operations report counts
#   `created`; the receivables aging report's day is `as_of` (the query too); a carrier's
#   expiry dates are `*_expires_on` (updates and events too), a compliance alert's `expired_on`;
#   an invoice's and a carrier payment's PDF are at `/pdf` (`/v1/invoices/{id}/pdf`), a
#   message's attachment at its index (`/v1/messages/{id}/attachments/0`), and the resources'
#   URLs say so; the event-type catalog pages 100 types by default, by an `EventType` cursor,
#   without `include[]=total_count`.
# * `2026-07-01`: a payment the bank returned reads as `failed` (its return's reason as
#   `failure_reason`), since that version's payment statuses are `succeeded` and `failed`;
#   `returned_at` and `return_reason` are there as in every version.
# * `2026-01-15` (private preview): as `2026-07-01`, and orders (in API answers and in event payloads) name their
#   stops `origin` and `destination` instead of `pickup` and `delivery`. Request bodies use the
#   current names in every version.
#
# New versions are added to this list without a new version of the API: handle values you do not know.
# Open: values not listed here may be added without a new API version.
ApiVersion: TypeAlias = Literal["2027-01-15", "2026-12-01", "2026-07-01", "2026-01-15"] | str


class EventRequestObject(TypedDict):
    id: str
    # The request's `Idempotency-Key`, or null.
    idempotency_key: str | None


class Customer(TypedDict):
    """A customer (shipper) of the brokerage."""

    id: str
    # The kind of object: always `customer`.
    object: Literal["customer"]
    livemode: bool
    # The test clock the customer lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none.
    test_clock: str | None
    # The customer's name, as printed on its invoices.
    name: str
    # The customer's email address (an invoice sent without an address goes to it); null when not set.
    email: str | None
    # The customer's phone number (E.164); null when not set.
    phone: str | None
    billing_address: PostalAddress | None
    notifications: CustomerNotifications
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]
    created: int
    updated: int


class _PostalAddressRequired(TypedDict):
    address1: str
    city: str
    state: StateCode
    zip: str


class PostalAddress(_PostalAddressRequired, total=False):
    """A US postal address."""

    address2: str | None


# USPS two-letter code of a US state, the District of Columbia or a territory.
StateCode: TypeAlias = Literal["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "AS", "GU", "MP", "PR", "VI"]


class CustomerNotifications(TypedDict):
    """The emails the customer gets about its loads, each with the load's tracking link: at the
    `moments` listed, to `email` (null: the customer's own `email`; with neither, none is sent).
    A new customer gets the delivery email only. An email not sent yet is withdrawn when the load
    is cancelled; in test mode they are kept, never sent. Each one is a message
    (`GET /v1/messages?subject_id=<order id>`) with its delivery status."""

    # The moments of a load the customer is emailed at (empty when none).
    moments: list[CustomerNotificationMoment]
    # Where the emails go; null sends them to the customer's own `email`.
    email: str | None


# A moment of a load the customer can be emailed at: `dispatched` (a carrier is assigned), `picked_up`, `delivered` (with the signed bill of lading attached).
CustomerNotificationMoment: TypeAlias = Literal["dispatched", "picked_up", "delivered"]


class CustomerUpdatedEvent(TypedDict):
    """customer.updated: A customer's attributes changed (PATCH); data.object is the customer after it, data.previous_attributes what changed had been."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `customer.updated`.
    type: Literal["customer.updated"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: CustomerUpdatedData


class CustomerUpdatedData(TypedDict):
    """The data of `customer.updated`, as Stripe shapes an update: `object`, the customer as it is after the change, and `previous_attributes`, what the fields that changed were before it."""

    object: Customer
    previous_attributes: CustomerPreviousAttributes


class CustomerPreviousAttributes(TypedDict, total=False):
    """The fields of the customer that the change changed, each with its value before it, as the
    customer renders it. A nested value (`billing_address`, `metadata`) comes whole, as it was.
    At least one field; `updated` is never listed (it moves with every change: the event's
    `created` is when)."""

    # The name, as it was.
    name: str
    # The billing email, as it was (null when none).
    email: str | None
    # The phone number, as it was (null when none).
    phone: str | None
    billing_address: PostalAddress | None
    # The whole metadata, as it was before the change.
    metadata: dict[str, str]


class OrderCreatedEvent(TypedDict):
    """order.created: A new order is created through the API or the dashboard."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.created`.
    type: Literal["order.created"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class Order(TypedDict):
    """A vehicle move."""

    id: str
    # The kind of object: always `order`.
    object: Literal["order"]
    livemode: bool
    # The test clock the order lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none.
    test_clock: str | None
    number: str
    # The customer's own reference for the load (a PO or stock number); null for none.
    reference: str | None
    # The order's tracking page, for its customer: no sign-in, the link is the key (share it only
    # with them). It shows the vehicles, the stops' cities and dates, the status in plain words,
    # the carrier's name and, once delivered, the signed bill of lading; never the carrier pay,
    # the price only when the account's `tracking_shows_price` is on. It stops working 30 days
    # after delivery or cancellation, and at once when rotated
    # (`POST /v1/orders/{order_id}/tracking_link/rotate`). Null for an order made before tracking
    # links existed, until its next move or a rotation gives it one.
    tracking_url: str | None
    status: OrderStatus
    customer_id: str
    # The carrier the order is dispatched to; null until dispatch.
    carrier_id: str | None
    # Where the vehicles are picked up.
    pickup: StopOut
    # Where the vehicles are delivered.
    delivery: StopOut
    # The vehicles moved (1 to 10).
    vehicles: list[VehicleOut]
    ready_date: str
    # Days after `ready_date` by which the order is due to be delivered (1 to 60).
    delivery_window_days: int
    # What the customer pays, in cents; null when not agreed yet.
    price: int | None
    # What the carrier is paid, in cents; null when not agreed yet.
    carrier_pay: int | None
    currency: Currency
    # Recorded at delivery; null before.
    bill_of_lading: BillOfLading | None
    # The exceptions reported (delays, damage, disputes), oldest first.
    exceptions: list[OrderException]
    # Why the order was cancelled; null unless `cancelled`.
    cancellation_reason: str | None
    cancelled_at: int | None
    dispatched_at: int | None
    picked_up_at: int | None
    delivered_at: int | None
    # Every time the order was reopened after a cancellation or a delivery recorded by mistake
    # (`POST /v1/orders/{order_id}/reopen`), oldest first: the status it left, the status it went
    # back to, when it had been cancelled or delivered, and why it was reopened. With the
    # order's events (`GET /v1/events?object_id=`), its history: reopening clears
    # `cancelled_at` and `cancellation_reason` (or `delivered_at` and `bill_of_lading`), and keeps them here.
    reopenings: list[OrderReopening]
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]
    created: int
    updated: int


# `pending` (created) -> `dispatched` (a carrier accepted the load) -> `in_transit` (picked up)
# -> `delivered` (bill of lading signed); `pending` or `dispatched` -> `cancelled`.
OrderStatus: TypeAlias = Literal["pending", "dispatched", "in_transit", "delivered", "cancelled"]


class StopOut(TypedDict):
    # Street address.
    address1: str
    # Suite, unit or building; null when none.
    address2: str | None
    # City.
    city: str
    state: StateCode
    # Five-digit ZIP code.
    zip: str
    # Who to ask for at the stop; null when not given.
    contact_name: str | None
    # The contact's phone number (E.164); null when not given.
    contact_phone: str | None


class VehicleOut(TypedDict):
    # The vehicle identification number (17 characters from model year 1981).
    vin: str
    # The model year.
    year: int
    # The vehicle's make.
    make: str
    # The vehicle's model.
    model: str
    # The kind of vehicle; null when not given.
    type: VehicleType | None
    # Whether the vehicle cannot drive (it needs a winch to load).
    inoperable: bool


VehicleType: TypeAlias = Literal["car", "suv", "pickup", "van", "motorcycle", "other"]


# Lower-case ISO 4217 code.
Currency: TypeAlias = Literal["usd"]


class BillOfLading(TypedDict):
    # Who signed the bill of lading at delivery.
    signed_by: str
    signed_at: int


class OrderException(TypedDict):
    # What happened: `delay`, `damage` or `dispute`.
    kind: OrderExceptionKind
    # What was reported; null when no note was given.
    note: str | None
    created: int


OrderExceptionKind: TypeAlias = Literal["delay", "damage", "dispute"]


class OrderReopening(TypedDict):
    """One reopening of an order cancelled or delivered by mistake."""

    # The status the order left (`cancelled` or `delivered`).
    from_status: Literal["cancelled", "delivered"]
    # The status it went back to: the status it had before it was cancelled (`pending` or `dispatched`), or `in_transit` for a delivery.
    to_status: Literal["pending", "dispatched", "in_transit"]
    # Why it was reopened.
    reason: str
    # The reason the cancellation had given; null for a delivery, or a cancellation without a reason.
    cancellation_reason: str | None
    # When it had been cancelled (`cancelled_at`) or delivered (`delivered_at`).
    ended_at: int
    # The bill of lading the delivery had recorded; null for a cancellation.
    bill_of_lading: BillOfLading | None
    # When it was reopened.
    created: int


class OrderDispatchedEvent(TypedDict):
    """order.dispatched: A carrier accepts the load."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.dispatched`.
    type: Literal["order.dispatched"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderInTransitEvent(TypedDict):
    """order.in_transit: The carrier has completed pickup and the vehicle is moving."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.in_transit`.
    type: Literal["order.in_transit"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderDeliveredEvent(TypedDict):
    """order.delivered: The bill of lading is signed at delivery."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.delivered`.
    type: Literal["order.delivered"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderCancelledEvent(TypedDict):
    """order.cancelled: An order is cancelled before pickup."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.cancelled`.
    type: Literal["order.cancelled"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderExceptionEvent(TypedDict):
    """order.exception: An exception is flagged (delay, damage, dispute)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.exception`.
    type: Literal["order.exception"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderReopenedEvent(TypedDict):
    """order.reopened: An order cancelled or delivered by mistake is reopened. Data: the order as it is now (its last `reopenings` entry says what was undone)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.reopened`.
    type: Literal["order.reopened"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Order


class OrderUpdatedEvent(TypedDict):
    """order.updated: An order's attributes changed by an edit (PATCH); data.object is the order after it, data.previous_attributes what changed had been."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `order.updated`.
    type: Literal["order.updated"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: OrderUpdatedData


class OrderUpdatedData(TypedDict):
    """The data of `order.updated`, as Stripe shapes an update: `object`, the order as it is after the change, and `previous_attributes`, what the fields that changed were before it."""

    object: Order
    previous_attributes: OrderPreviousAttributes


class OrderPreviousAttributes(TypedDict, total=False):
    """The fields of the order that the change changed, each with its value before it, as the order
    renders it (`pickup` and `delivery` as `origin` and `destination` for an endpoint pinned to
    `2026-01-15`, as its orders name them). A nested value (a stop, the vehicles, `metadata`)
    comes whole, as it was. At least one field; `updated` is never listed (it moves with every
    change: the event's `created` is when)."""

    # Where the vehicles were to be picked up, as it was.
    pickup: StopOut
    # Where the vehicles were to be delivered, as it was.
    delivery: StopOut
    # The vehicles, all of them, as they were.
    vehicles: list[VehicleOut]
    ready_date: str
    # The delivery window, in days, as it was.
    delivery_window_days: int
    # The price in cents, as it was (null when not set).
    price: int | None
    # The carrier's pay in cents, as it was (null when not set).
    carrier_pay: int | None
    # The whole metadata, as it was before the change.
    metadata: dict[str, str]


class CarrierOnboardedEvent(TypedDict):
    """carrier.onboarded: A carrier completes the initial application."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier.onboarded`.
    type: Literal["carrier.onboarded"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Carrier


class Carrier(TypedDict):
    """A truck carrier, onboarded and vetted against federal safety and insurance records."""

    id: str
    # The kind of object: always `carrier`.
    object: Literal["carrier"]
    livemode: bool
    # The test clock the carrier lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none.
    test_clock: str | None
    status: CarrierStatus
    safer_pull_status: SaferPullStatus
    # The carrier's USDOT number, unique in the account.
    dot_number: str
    # The carrier's MC (docket) number; null when it has none on file.
    mc_number: str | None
    # From the federal record; null until vetted.
    legal_name: str | None
    # The person to contact at the carrier.
    contact_name: str
    # The carrier's contact email address.
    contact_email: str
    # The carrier's contact phone number (E.164).
    phone: str
    vetting: CarrierVetting | None
    # Expiry of the insurance certificate (`YYYY-MM-DD`).
    insurance_expiry_date: str | None
    bond_expiry_date: str | None
    process_agent_expiry_date: str | None
    # Why the carrier was suspended; null unless it is `suspended`.
    suspension_reason: str | None
    suspended_at: int | None
    monitoring: CarrierMonitoring
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]
    created: int
    updated: int


# `pending_vetting` (onboarded; vetting queued or running) -> `active` (passed) or `rejected`
# (see `vetting.reasons`); `active` -> `suspended` (by request or a lapsed insurance
# certificate) -> `pending_vetting` (reinstated, vetted again).
CarrierStatus: TypeAlias = Literal["pending_vetting", "active", "rejected", "suspended"]


# The federal record look-up: `queued` -> `in_progress` -> `completed`, or `failed` when the registry stayed unreachable through its retries.
SaferPullStatus: TypeAlias = Literal["queued", "in_progress", "completed", "failed"]


class CarrierVetting(TypedDict):
    """The outcome of the last vetting."""

    # Whether the carrier passed every check.
    passed: bool
    # Why vetting failed (`not_authorized`, `insurance_below_minimum`, `unsatisfactory_rating`, `out_of_service`, `not_found`); empty when it passed.
    reasons: list[VettingReason | str]
    vetted_at: int
    # Null when the registry has no such carrier (`not_found`).
    record: RegistrySnapshot | None


# Why vetting failed: `not_authorized` (not allowed to operate, or no active common or contract
# authority), `insurance_below_minimum`, `unsatisfactory_rating`, `out_of_service`,
# `mc_number_mismatch` (the `mc_number` given is not the registry's docket for the DOT number:
# the classic sign of double brokering or a borrowed identity), `not_found` (the registry has no
# carrier with this DOT number). New reasons may be added as vetting learns new checks: treat a
# reason you do not know as a failure reason.
# Open: values not listed here may be added without a new API version.
VettingReason: TypeAlias = Literal["not_authorized", "insurance_below_minimum", "unsatisfactory_rating", "out_of_service", "mc_number_mismatch", "not_found"] | str


class _RegistrySnapshotRequired(TypedDict):
    # `fmcsa_qcmobile` or `local` (the development registry file).
    provider: str
    # The carrier's legal name in the registry.
    legal_name: str
    # The USDOT number the record is about.
    dot_number: str
    # The MC (docket) number in the registry; null when it has none.
    mc_number: str | None
    # Whether the registry allows the carrier to operate.
    allowed_to_operate: bool
    # The carrier's common operating authority: `active`, `inactive` or `none`.
    common_authority: AuthorityStatus
    # The carrier's contract operating authority: `active`, `inactive` or `none`.
    contract_authority: Literal["active", "inactive", "none"]
    # Bodily injury and property damage (BIPD) liability insurance on file, in whole US dollars (the registry's unit, not cents).
    bipd_insurance_on_file_usd: int
    # BIPD liability insurance the carrier is required to carry, in whole US dollars (not cents).
    bipd_insurance_required_usd: int
    # The federal safety rating: `satisfactory`, `conditional`, `unsatisfactory` or `unrated`.
    safety_rating: SafetyRating
    out_of_service_date: str | None
    retrieved_at: int


class RegistrySnapshot(_RegistrySnapshotRequired, total=False):
    """The federal record as it was when the carrier was judged."""

    # The phone number the registry holds for the carrier (absent in records read before monitoring; QCMobile does not carry it).
    phone: str | None
    # The email address the registry holds (absent in records read before monitoring; QCMobile does not carry it).
    email: str | None
    # The registered physical address, one line (absent in records read before monitoring).
    physical_address: str | None


# The carrier's common operating authority: `active`, `inactive` or `none`.
AuthorityStatus: TypeAlias = Literal["active", "inactive", "none"]


# The federal safety rating: `satisfactory`, `conditional`, `unsatisfactory` or `unrated`.
SafetyRating: TypeAlias = Literal["satisfactory", "conditional", "unsatisfactory", "unrated"]


class CarrierMonitoring(TypedDict):
    """Continuous monitoring against the federal registry: every `active` or `suspended` carrier is
    read again about once per monitoring interval (24 h by default), and what changed becomes
    compliance alerts (`GET /v1/carriers/{id}/registry_snapshots` shows each read)."""

    # When the registry was last read for this carrier; null before the first read.
    last_checked_at: int | None
    # When it is read next; null when the carrier is not monitored (not active or suspended).
    next_check_at: int | None
    # When a read last found the record changed.
    last_change_at: int | None


class CarrierVettedEvent(TypedDict):
    """carrier.vetted: Safety-record and insurance verification passed."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier.vetted`.
    type: Literal["carrier.vetted"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Carrier


class CarrierSuspendedEvent(TypedDict):
    """carrier.suspended: A carrier is suspended (for example, lapsed insurance)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier.suspended`.
    type: Literal["carrier.suspended"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Carrier


class CarrierRejectedEvent(TypedDict):
    """carrier.rejected: Vetting ended with the carrier rejected; data.vetting.reasons says why (an addition to the specification)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier.rejected`.
    type: Literal["carrier.rejected"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Carrier


class CarrierUpdatedEvent(TypedDict):
    """carrier.updated: A carrier's attributes changed other than by onboarding, vetting's result or a suspension; data.object is the carrier after it, data.previous_attributes what changed had been."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier.updated`.
    type: Literal["carrier.updated"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: CarrierUpdatedData


class CarrierUpdatedData(TypedDict):
    """The data of `carrier.updated`, as Stripe shapes an update: `object`, the carrier as it is after the change, and `previous_attributes`, what the fields that changed were before it."""

    object: Carrier
    previous_attributes: CarrierPreviousAttributes


class CarrierPreviousAttributes(TypedDict, total=False):
    """The fields of the carrier that the change changed, each with its value before it, as the
    carrier renders it (`metadata` comes whole, as it was). At least one field; `updated` is never
    listed (it moves with every change: the event's `created` is when)."""

    status: CarrierStatus
    safer_pull_status: SaferPullStatus
    # The MC docket number, as it was.
    mc_number: str | None
    # The contact's name, as it was.
    contact_name: str
    # The contact's email, as it was.
    contact_email: str
    # The phone number, as it was.
    phone: str
    # The day the insurance certificate expired on, as it was.
    insurance_expiry_date: str | None
    # The day the bond expired on, as it was.
    bond_expiry_date: str | None
    # The day the process-agent filing expired on, as it was.
    process_agent_expiry_date: str | None
    # Why it was suspended, as it was.
    suspension_reason: str | None
    suspended_at: int | None
    # The whole metadata, as it was before the change.
    metadata: dict[str, str]


class InvoiceCreatedEvent(TypedDict):
    """invoice.created: An invoice is generated (DRAFT or SENT). Data: the invoice as the API renders it."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.created`.
    type: Literal["invoice.created"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class Invoice(TypedDict):
    """A bill to a customer. Every amount is computed by the server, in cents."""

    id: str
    # The kind of object: always `invoice`.
    object: Literal["invoice"]
    livemode: bool
    # Human-readable number, unique within the account and without gaps (`INV-000001`, `INV-000002` ...).
    number: str
    status: InvoiceStatus
    customer_id: str
    currency: Currency
    # What is billed, one line per item (an order's transport, a fee ...).
    lines: list[InvoiceLine]
    # The sum of the lines' amounts.
    subtotal: int
    # What the customer owes in total (the subtotal).
    amount_due: int
    # The sum of the succeeded payments applied.
    amount_paid: int
    # `amount_due` - `amount_paid`.
    amount_remaining: int
    due_date: str
    # `SENT` with something remaining and its due date behind (UTC): from the day after `due_date`.
    past_due: bool
    # How the invoice was sent; null until sent.
    sent_via: InvoiceSentVia | None
    # The email address or the postal address it was sent to; null until sent.
    sent_to: str | PostalAddress | None
    sent_at: int | None
    paid_at: int | None
    voided_at: int | None
    # Where the invoice's PDF is (`GET /v1/invoices/{id}.pdf`), relative to the API's base URL.
    invoice_pdf: str
    # The invoice's page for its customer, no sign-in (the link is the key): the invoice and its
    # PDF, whether it is paid, due or past due, how to pay (the account's
    # `payment_instructions`) and the tracking pages of its loads. Given when the invoice is
    # sent (null for a draft); it stops working 30 days after the invoice is paid or voided.
    hosted_invoice_url: str | None
    # The last message that sent the invoice (email or letter); null until sent.
    delivery: MessageDelivery | None
    created: int
    updated: int
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]


# `DRAFT` (editable) -> `SENT` (issued, awaiting payment) -> `PAID` (payments brought
# `amount_remaining` to 0); a `SENT` invoice with no payment applied can become `VOID`; a `PAID`
# invoice is `SENT` again when a payment of it is returned by the bank (`invoice.reopened`).
InvoiceStatus: TypeAlias = Literal["DRAFT", "SENT", "PAID", "VOID"]


class InvoiceLine(TypedDict):
    # What the line bills, as printed on the invoice.
    description: str
    # How many units.
    quantity: int
    # The price of one unit, in cents of the invoice's `currency`.
    unit_amount: int
    # `quantity` x `unit_amount`, in cents.
    amount: int
    # The order the line bills; null for other charges.
    order_id: str | None


# How an invoice is sent.
InvoiceSentVia: TypeAlias = Literal["email", "post"]


class MessageDelivery(TypedDict):
    """Where a message went and how its delivery stands."""

    message_id: str
    channel: MessageChannel
    to: str | PostalAddress
    status: MessageStatus
    # Delivery attempts so far (0 for a letter).
    attempts: int
    # The mail server's last refusal, or why it could not be reached; null when none.
    last_error: str | None
    # When the next attempt is due; null when none is.
    next_attempt_at: int | None
    # When the mail server accepted it, or the letter was marked posted.
    sent_at: int | None


# `email` (delivered by the mail worker over SMTP) or `post` (a letter in the print queue).
MessageChannel: TypeAlias = Literal["email", "post"]


# `queued` (waiting for its next attempt, or a letter not posted yet), `sent` (the mail server
# accepted it, or the letter was marked posted), `failed` (refused for good, or not accepted
# after the last retry), `cancelled` (withdrawn before it went out: its invoice was voided),
# `kept` (recorded with its attachment and shown, and not sent: a message of test mode, never
# sent or printed; or an email written while no mail server was configured (no `SMTP_URL`),
# which stays kept once one is, until `POST /v1/messages/{message_id}/send` sends it).
MessageStatus: TypeAlias = Literal["queued", "sent", "failed", "cancelled", "kept"]


class InvoiceSentEvent(TypedDict):
    """invoice.sent: An invoice is emailed or posted to the customer (also right after invoice.created when it is created with `send`). Data: the invoice."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.sent`.
    type: Literal["invoice.sent"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class InvoicePaidEvent(TypedDict):
    """invoice.paid: A customer payment is received and applied, bringing the invoice's amount_remaining to 0. Data: exactly the fields of the specification (id, amount, currency, customer_id, paid_at, payment_method)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.paid`.
    type: Literal["invoice.paid"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: InvoicePaidData


class InvoicePaidData(TypedDict):
    """The data of `invoice.paid`, exactly the fields of the specification; `payment_method` is the method of the payment that settled the invoice."""

    id: str
    # The amount paid, in cents (the invoice's `amount_paid`, equal to its `amount_due`).
    amount: int
    currency: Currency
    customer_id: str
    # When the invoice was paid in full.
    paid_at: int
    payment_method: PaymentMethod


# How money moved.
PaymentMethod: TypeAlias = Literal["ach", "wire", "check", "card"]


class InvoiceVoidedEvent(TypedDict):
    """invoice.voided: An invoice is voided after issuance. Data: the invoice."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.voided`.
    type: Literal["invoice.voided"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class InvoiceReopenedEvent(TypedDict):
    """invoice.reopened: A paid invoice is owed again (a payment of it was returned). Data: the invoice."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.reopened`.
    type: Literal["invoice.reopened"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class InvoiceOverdueEvent(TypedDict):
    """invoice.overdue: The day after an invoice's due date passed with something unpaid (once per invoice; `past_due` is true). Data: the invoice."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.overdue`.
    type: Literal["invoice.overdue"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class InvoiceDeliveryFailedEvent(TypedDict):
    """invoice.delivery_failed: The email of an invoice was refused for good (a permanent answer of the mail server, or no acceptance after the last retry); `delivery` says why. Data: the invoice."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.delivery_failed`.
    type: Literal["invoice.delivery_failed"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Invoice


class InvoiceUpdatedEvent(TypedDict):
    """invoice.updated: An invoice's attributes changed by an edit of a draft or a payment applied or returned that neither settles nor reopens it; data.object is the invoice after it, data.previous_attributes what changed had been."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `invoice.updated`.
    type: Literal["invoice.updated"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: InvoiceUpdatedData


class InvoiceUpdatedData(TypedDict):
    """The data of `invoice.updated`, as Stripe shapes an update: `object`, the invoice as it is after the change, and `previous_attributes`, what the fields that changed were before it."""

    object: Invoice
    previous_attributes: InvoicePreviousAttributes


class InvoicePreviousAttributes(TypedDict, total=False):
    """The fields of the invoice that the change changed, each with its value before it, as the
    invoice renders it (`lines` comes whole, as they were; new lines change the totals, which
    are listed too). At least one field; `updated` is never listed (it moves with every change:
    the event's `created` is when)."""

    # The lines, all of them, as they were.
    lines: list[InvoiceLine]
    # The subtotal in cents, as it was.
    subtotal: int
    # The amount due in cents, as it was.
    amount_due: int
    # The amount paid in cents, as it was.
    amount_paid: int
    # The amount remaining in cents, as it was.
    amount_remaining: int
    due_date: str
    # Whether it was past due.
    past_due: bool


class PaymentReceivedEvent(TypedDict):
    """payment.received: Any inbound payment is recorded (status succeeded; fired before invoice.paid when it settles an invoice). Data: the payment."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `payment.received`.
    type: Literal["payment.received"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Payment


class Payment(TypedDict):
    """An inbound payment of a customer."""

    id: str
    # The kind of object: always `payment`.
    object: Literal["payment"]
    livemode: bool
    customer_id: str
    # The invoice the payment was applied to (or attempted on); null for a payment on account.
    invoice_id: str | None
    # The amount paid, in cents (minor units) of `currency`.
    amount: int
    currency: Currency
    payment_method: PaymentMethod
    # The payer's or the bank's reference (check number, trace number ...).
    reference: str | None
    status: PaymentStatus
    # Why a failed payment failed; null when it succeeded.
    failure_reason: str | None
    # When the payment was returned; null unless its status is `returned`.
    returned_at: int | None
    # Why the bank returned it, as recorded; null unless its status is `returned`.
    return_reason: str | None
    created: int
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]
    # When the payment last changed (it was returned), else when it was recorded.
    updated: int


# The outcome of a payment: `succeeded` (received and applied), `failed` (an attempt that moved no
# money) or `returned` (received, then taken back by the bank: `POST /v1/payments/{payment_id}/return`).
# `returned` is new in API version 2026-12-01; earlier versions read a returned payment as `failed`,
# with the return's reason as `failure_reason`.
PaymentStatus: TypeAlias = Literal["succeeded", "failed", "returned"]


class PaymentFailedEvent(TypedDict):
    """payment.failed: A payment attempt fails (status failed, with its failure_reason). Data: the payment."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `payment.failed`.
    type: Literal["payment.failed"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Payment


class PaymentReturnedEvent(TypedDict):
    """payment.returned: A received payment is taken back by the bank (status returned, with returned_at and return_reason). Data: the payment."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `payment.returned`.
    type: Literal["payment.returned"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: Payment


class CarrierPaymentSentEvent(TypedDict):
    """carrier_payment.sent: A bill payment is dispatched to a carrier. Data: the carrier payment."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier_payment.sent`.
    type: Literal["carrier_payment.sent"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: CarrierPayment


class CarrierPayment(TypedDict):
    """A payment to a carrier for delivered orders."""

    id: str
    # The kind of object: always `carrier_payment`.
    object: Literal["carrier_payment"]
    livemode: bool
    carrier_id: str
    # The delivered orders this payment settles (each paid at most once).
    order_ids: list[str]
    # The sum of the orders' `carrier_pay`, in cents.
    amount: int
    currency: Currency
    payment_method: PaymentMethod
    # The payment's reference (check number, wire or ACH trace); null when none was given.
    reference: str | None
    status: CarrierPaymentStatus
    sent_at: int
    # When the payment was voided as recorded by mistake (`POST /v1/carrier_payments/{carrier_payment_id}/void`);
    # null while it stands. A voided payment pays for nothing: its orders can be paid again, and the
    # ledger reverses it.
    voided_at: int | None
    # Why the payment was voided; null unless it was.
    void_reason: str | None
    # Where the remittance advice PDF is (`GET /v1/carrier_payments/{id}.pdf`), relative to the API's base URL.
    remittance_pdf: str
    # The message that emailed the remittance advice to the carrier.
    remittance: MessageDelivery | None
    created: int
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]


# A carrier payment is `sent` when it is recorded, and `voided` once it is voided as recorded by
# mistake (`POST /v1/carrier_payments/{carrier_payment_id}/void`: it pays for nothing, its orders
# can be paid again, and the ledger reverses it; `voided_at` and `void_reason` say when and why).
CarrierPaymentStatus: TypeAlias = Literal["sent", "voided"]


class CarrierPaymentVoidedEvent(TypedDict):
    """carrier_payment.voided: A carrier payment recorded by mistake is voided. Data: the carrier payment."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `carrier_payment.voided`.
    type: Literal["carrier_payment.voided"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: CarrierPayment


class ComplianceAlertEvent(TypedDict):
    """compliance.alert (deprecated: compliance_alert.opened and compliance_alert.cleared replace it): A compliance item lapses or expires (process-agent filing expiry, bond lapse, insurance certificate lapse, and similar)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `compliance.alert`.
    type: Literal["compliance.alert"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: ComplianceAlert


class ComplianceAlert(TypedDict):
    """A compliance item of a carrier that lapsed (one alert per lapse; a lapsed insurance certificate
    also suspends the carrier), or what monitoring the registry found (`expiry_date` is then the day
    it was found, `details` says what, and `cleared_at` when a later read no longer finds it)."""

    id: str
    # The kind of object: always `compliance_alert`.
    object: Literal["compliance_alert"]
    livemode: bool
    carrier_id: str
    # What lapsed (the insurance certificate, the bond, the process-agent filing) or what monitoring found in the registry.
    kind: ComplianceAlertKind | str
    expiry_date: str
    # `open` until a person resolves it (`POST .../resolve`), even once `cleared_at` is set.
    status: ComplianceAlertStatus
    # The note given when the alert was resolved; null while open or when none was given.
    resolution_note: str | None
    resolved_at: int | None
    # For the alerts of monitoring, what the registry read found; null for lapses.
    details: ComplianceAlertDetails | None
    # When a registry read no longer found what opened the alert (authority reinstated, insurance back on file); the alert stays open until a person resolves it.
    cleared_at: int | None
    created: int
    updated: int


# `insurance_certificate`, `bond`, `process_agent`: a date on file lapsed (the compliance scan).
# The others come from monitoring the registry: the findings of `MonitoringFinding`, and
# `identity_changed` (the registered phone, email, physical address, legal name or MC docket changed: the
# signature of identity theft; nothing is suspended, a person decides). New kinds may be
# added: handle an unknown kind as an alert to read.
# Open: values not listed here may be added without a new API version.
ComplianceAlertKind: TypeAlias = Literal["insurance_certificate", "bond", "process_agent", "authority_revoked", "out_of_service", "insurance_cancelled", "unsatisfactory_rating", "registry_record_missing", "identity_changed"] | str


ComplianceAlertStatus: TypeAlias = Literal["open", "resolved"]


class ComplianceAlertDetails(TypedDict):
    snapshot_id: str
    # What the read found, in one sentence for people.
    summary: str
    # Each field of the registry record that changed, with its value before and after.
    changes: list[RegistryChange]


class RegistryChange(TypedDict):
    """One field of the registry record that changed between two reads."""

    # The record's field (`phone`, `email`, `physical_address`, `legal_name`, `common_authority`, `bipd_insurance_on_file_usd` ...), or `record` when the carrier appeared in or disappeared from the registry.
    field: str
    # The value before (null when there was none).
    previous: object
    # The value now (null when there is none).
    current: object


class ComplianceAlertOpenedEvent(TypedDict):
    """compliance_alert.opened: A compliance alert is opened: a compliance item lapsed, or monitoring of the federal registry found something. Data: the alert."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `compliance_alert.opened`.
    type: Literal["compliance_alert.opened"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: ComplianceAlert


class ComplianceAlertClearedEvent(TypedDict):
    """compliance_alert.cleared: A later read of the federal registry no longer finds what opened a compliance alert (cleared_at set). Data: the alert."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `compliance_alert.cleared`.
    type: Literal["compliance_alert.cleared"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: ComplianceAlert


class ComplianceAlertResolvedEvent(TypedDict):
    """compliance_alert.resolved: A compliance alert is resolved (status resolved, with the note). Data: the alert."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `compliance_alert.resolved`.
    type: Literal["compliance_alert.resolved"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: ComplianceAlert


class AuditPrivilegedActionEvent(TypedDict):
    """audit.privileged_action: A privileged action is recorded in the audit log."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `audit.privileged_action`.
    type: Literal["audit.privileged_action"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: AuditLog


class AuditLog(TypedDict):
    """One privileged action, recorded in the same transaction as the action itself (so an action
    that failed leaves no entry) and announced by an `audit.privileged_action` event carrying
    this object. Append-only: never changed or removed."""

    id: str
    # The kind of object: always `audit_log`.
    object: Literal["audit_log"]
    livemode: bool
    actor: str
    # What was done, `<resource>.<verb>` (`api_key.created`, `carrier.suspended`, ...).
    action: AuditAction | str
    target: str
    # The request that performed the action (its `Request-Id`).
    request_id: str | None
    # The caller's IP address.
    ip: str | None
    created: int


# A privileged action, `<resource>.<verb>`:
#
# | action | target | recorded when |
# |---|---|---|
# | `api_key.created`, `api_key.revoked` | the key | an API key is created or revoked |
# | `oauth_client.created`, `oauth_client.revoked` | the client | an OAuth client is created or revoked |
# | `user.created`, `user.updated`, `user.deleted` | the user | a dashboard user is created, changed or removed |
# | `user.password_changed` | the user | a user changes their own password |
# | `user.password_reset` | the user | a user's password is reset (a new one generated) |
# | `webhook_endpoint.created`, `webhook_endpoint.updated`, `webhook_endpoint.deleted` | the endpoint | a webhook endpoint is created, changed (including enabled or disabled) or deleted |
# | `webhook_endpoint.secret_rotated` | the endpoint | its signing secret is rotated |
# | `webhook_endpoint.disabled` | the endpoint | the platform disabled it after five days of failures without a success (actor `system`) |
# | `webhook_endpoint.deliveries_recovered` | the endpoint | its permanently failed deliveries are sent again |
# | `event.replayed` | the event | an event is sent again |
# | `carrier.suspended`, `carrier.reinstated` | the carrier | a carrier is suspended or reinstated by a caller |
# | `carrier.revetted` | the carrier | a carrier is queued for vetting again by a caller |
# | `invoice.voided` | the invoice | an invoice is voided |
# | `carrier_payment.sent` | the carrier payment | a carrier is paid |
# | `carrier_payment.voided` | the carrier payment | a carrier payment recorded by mistake is voided |
# | `order.reopened` | the order | an order cancelled or delivered by mistake is reopened |
# | `payment.returned` | the payment | a received payment is recorded as returned by the bank |
# | `test_data.deleted` | the deletion | the account's test data is deleted (`DELETE /v1/test_data`) |
#
# New actions are added as the API grows, without a new API version: keep actions you do not know as they are.
# Open: values not listed here may be added without a new API version.
AuditAction: TypeAlias = Literal["api_key.created", "api_key.revoked", "oauth_client.created", "oauth_client.revoked", "user.created", "user.updated", "user.deleted", "user.password_changed", "user.password_reset", "webhook_endpoint.created", "webhook_endpoint.updated", "webhook_endpoint.deleted", "webhook_endpoint.secret_rotated", "webhook_endpoint.deliveries_recovered", "webhook_endpoint.disabled", "event.replayed", "carrier.suspended", "carrier.reinstated", "carrier.revetted", "invoice.voided", "carrier_payment.sent", "carrier_payment.voided", "order.reopened", "payment.returned", "test_data.deleted"] | str


class WebhookEndpointTestEvent(TypedDict):
    """webhook_endpoint.test: A test event sent on request to the endpoint it names (data: the endpoint as the API renders it, never with its `secret`)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `webhook_endpoint.test`.
    type: Literal["webhook_endpoint.test"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: WebhookEndpoint


class _WebhookEndpointRequired(TypedDict):
    id: str
    # The kind of object: always `webhook_endpoint`.
    object: Literal["webhook_endpoint"]
    livemode: bool
    # The test clock the webhook endpoint lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none.
    test_clock: str | None
    # Where deliveries are POSTed (https; plain http to loopback only in development).
    url: str
    # The event types sent to the endpoint; `["*"]` for every type.
    enabled_events: list[str]
    # The API version of the events delivered to the endpoint, pinned when it was created.
    api_version: ApiVersion | str
    # What the endpoint is for, for people; null when not given.
    description: str | None
    # `enabled` endpoints get deliveries; `disabled` ones (by a person, or after failing for five days) do not.
    status: WebhookEndpointStatus
    # Why a disabled endpoint is, `manual` (its owner disabled it), `failing` (the platform did, after five days of failures without a success) or `listener` (the endpoint of `vehicle-transport listen` in test mode, whose events the command fetches, and which the service never sends anything); null while enabled.
    disabled_reason: Literal["manual", "failing", "listener"] | None
    health: WebhookEndpointHealth
    # While a rotated-out secret still signs (two `v1=` signatures), when it stops; else null.
    previous_secret_expires_at: int | None
    # The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service.
    metadata: dict[str, str]
    created: int
    updated: int


class WebhookEndpoint(_WebhookEndpointRequired, total=False):
    """Where and what events are sent. `secret` appears only in the answers of create and rotate_secret."""

    # The signing secret (`whsec_...`), used as issued as the HMAC-SHA256 key.
    secret: str


WebhookEndpointStatus: TypeAlias = Literal["enabled", "disabled"]


class WebhookEndpointHealth(TypedDict):
    """How the endpoint's deliveries go, shared by every worker. After 5 timeouts or connection errors
    in a row the circuit breaker opens: deliveries due to the endpoint are recorded as failed
    attempts with error `endpoint_unavailable`, without a network call, on the usual retry
    schedule, while one probe delivery at a time is really sent (`half_open` while it is in flight);
    a success closes the breaker. An endpoint failing for five days without a single success is
    disabled (`disabled_reason: failing`)."""

    # Failed attempts since the last success (attempts not made while the breaker is open are not counted).
    consecutive_failures: int
    # When the current run of failures began; null when the last attempt succeeded or none failed.
    failing_since: int | None
    # When a delivery last succeeded; null when none has. While the endpoint is healthy it is
    # moved forward at most once a second, so it may be up to a second behind the latest success.
    last_success_at: int | None
    # The circuit breaker; `half_open` while its probe delivery is in flight.
    breaker: Literal["closed", "open", "half_open"]


class TestClockAdvancingEvent(TypedDict):
    """test_helpers.test_clock.advancing: A test clock started to advance (data: the clock, `advancing`, with `advancing_to`)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `test_helpers.test_clock.advancing`.
    type: Literal["test_helpers.test_clock.advancing"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: TestClock


class TestClock(TypedDict):
    """A clock of test mode, and the objects that live on its time."""

    id: str
    # The kind of object: always `test_helpers.test_clock`.
    object: Literal["test_helpers.test_clock"]
    livemode: bool
    name: str | None
    # The clock's time now (while advancing, how far it has got).
    frozen_time: int
    status: TestClockStatus
    # Where an advance under way is going; null when none is.
    advancing_to: int | None
    created: int
    # When the clock last changed (an advance started or finished), in real time.
    updated: int


# `ready` (at `frozen_time`), `advancing` (on its way to `advancing_to`), `internal_failure` (an advance stopped on an error at `frozen_time`, which is as far as it got; advance again to go on).
TestClockStatus: TypeAlias = Literal["ready", "advancing", "internal_failure"]


class TestClockReadyEvent(TypedDict):
    """test_helpers.test_clock.ready: A test clock finished advancing: everything due on its objects up to its new `frozen_time` has happened (data: the clock, `ready`)."""

    id: str
    # Always `event`.
    object: Literal["event"]
    livemode: bool
    # The event type, always `test_helpers.test_clock.ready`.
    type: Literal["test_helpers.test_clock.ready"]
    # The API version the payload is rendered in (the receiving endpoint's pinned version).
    api_version: ApiVersion | str
    created: int
    request_id: str | None
    sequence: int
    previous_event_id: str | None
    request: EventRequestObject | None
    data: TestClock


# The body of a delivery, whatever its event type.
Event: TypeAlias = Union[
    CustomerCreatedEvent,
    CustomerUpdatedEvent,
    OrderCreatedEvent,
    OrderDispatchedEvent,
    OrderInTransitEvent,
    OrderDeliveredEvent,
    OrderCancelledEvent,
    OrderExceptionEvent,
    OrderReopenedEvent,
    OrderUpdatedEvent,
    CarrierOnboardedEvent,
    CarrierVettedEvent,
    CarrierSuspendedEvent,
    CarrierRejectedEvent,
    CarrierUpdatedEvent,
    InvoiceCreatedEvent,
    InvoiceSentEvent,
    InvoicePaidEvent,
    InvoiceVoidedEvent,
    InvoiceReopenedEvent,
    InvoiceOverdueEvent,
    InvoiceDeliveryFailedEvent,
    InvoiceUpdatedEvent,
    PaymentReceivedEvent,
    PaymentFailedEvent,
    PaymentReturnedEvent,
    CarrierPaymentSentEvent,
    CarrierPaymentVoidedEvent,
    ComplianceAlertEvent,
    ComplianceAlertOpenedEvent,
    ComplianceAlertClearedEvent,
    ComplianceAlertResolvedEvent,
    AuditPrivilegedActionEvent,
    WebhookEndpointTestEvent,
    TestClockAdvancingEvent,
    TestClockReadyEvent,
]

# Every event type this version of the package knows; the service may add more (ignore those).
EventType: TypeAlias = Literal[
    "customer.created",
    "customer.updated",
    "order.created",
    "order.dispatched",
    "order.in_transit",
    "order.delivered",
    "order.cancelled",
    "order.exception",
    "order.reopened",
    "order.updated",
    "carrier.onboarded",
    "carrier.vetted",
    "carrier.suspended",
    "carrier.rejected",
    "carrier.updated",
    "invoice.created",
    "invoice.sent",
    "invoice.paid",
    "invoice.voided",
    "invoice.reopened",
    "invoice.overdue",
    "invoice.delivery_failed",
    "invoice.updated",
    "payment.received",
    "payment.failed",
    "payment.returned",
    "carrier_payment.sent",
    "carrier_payment.voided",
    "compliance.alert",
    "compliance_alert.opened",
    "compliance_alert.cleared",
    "compliance_alert.resolved",
    "audit.privileged_action",
    "webhook_endpoint.test",
    "test_helpers.test_clock.advancing",
    "test_helpers.test_clock.ready",
]

EVENT_TYPES: tuple[str, ...] = (
    "customer.created",
    "customer.updated",
    "order.created",
    "order.dispatched",
    "order.in_transit",
    "order.delivered",
    "order.cancelled",
    "order.exception",
    "order.reopened",
    "order.updated",
    "carrier.onboarded",
    "carrier.vetted",
    "carrier.suspended",
    "carrier.rejected",
    "carrier.updated",
    "invoice.created",
    "invoice.sent",
    "invoice.paid",
    "invoice.voided",
    "invoice.reopened",
    "invoice.overdue",
    "invoice.delivery_failed",
    "invoice.updated",
    "payment.received",
    "payment.failed",
    "payment.returned",
    "carrier_payment.sent",
    "carrier_payment.voided",
    "compliance.alert",
    "compliance_alert.opened",
    "compliance_alert.cleared",
    "compliance_alert.resolved",
    "audit.privileged_action",
    "webhook_endpoint.test",
    "test_helpers.test_clock.advancing",
    "test_helpers.test_clock.ready",
)

# The API version these types describe (the AsyncAPI document's info.version). A delivery's
# `api_version` is its endpoint's pinned version: construct_event warns, or refuses with
# api_version="refuse", when it is another one.
API_VERSION: str = "2027-01-15"
