# Receiving the vehicle-transport service's webhooks in Python: verify the signature, then get the
# event typed from the AsyncAPI document. No dependencies beyond the standard library.
from __future__ import annotations

from .errors import (
    ApiVersionMismatchError,
    ApiVersionMismatchWarning,
    UnknownEventTypeError,
    VerificationFailure,
    WebhookPayloadError,
    WebhookSignatureError,
    WebhookTimestampError,
    WebhookVerificationError,
)
from .events import API_VERSION, EVENT_TYPES, Event, EventType
from .events import AuditLog as AuditLogEntry  # deprecated name: the audit event's payload is the REST API's AuditLog
from .verify import DEFAULT_TOLERANCE, EVENT_ID_HEADER, SIGNATURE_HEADER, Headers, construct_event, verify_signature

__version__ = "0.1.0"

__all__ = [
    "construct_event",
    "verify_signature",
    "Event",
    "EventType",
    "EVENT_TYPES",
    "API_VERSION",
    "Headers",
    "SIGNATURE_HEADER",
    "EVENT_ID_HEADER",
    "DEFAULT_TOLERANCE",
    "VerificationFailure",
    "WebhookVerificationError",
    "WebhookSignatureError",
    "WebhookTimestampError",
    "UnknownEventTypeError",
    "WebhookPayloadError",
    "ApiVersionMismatchError",
    "ApiVersionMismatchWarning",
]
