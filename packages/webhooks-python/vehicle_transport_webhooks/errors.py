# Why a delivery was refused, as exceptions with a stable `.code`: a receiver answers 400 to all of
# them but one (an unknown event type is authentic: answer 2xx and ignore it, the service adds
# types without a new API version), and logs the code.
from __future__ import annotations

from typing import Literal

__all__ = [
    "VerificationFailure",
    "WebhookVerificationError",
    "WebhookSignatureError",
    "WebhookTimestampError",
    "UnknownEventTypeError",
    "WebhookPayloadError",
    "ApiVersionMismatchError",
    "ApiVersionMismatchWarning",
]

VerificationFailure = Literal[
    "malformed_header",
    "no_matching_signature",
    "timestamp_outside_tolerance",
    "unknown_event_type",
    "invalid_payload",
    "api_version_mismatch",
]


class WebhookVerificationError(Exception):
    """A delivery that `construct_event` or `verify_signature` refused; `.code` says why."""

    def __init__(self, code: VerificationFailure, message: str) -> None:
        super().__init__(message)
        self.code: VerificationFailure = code


class WebhookSignatureError(WebhookVerificationError):
    """`malformed_header` (no header, or no `t=` or `v1=` in it) or `no_matching_signature`."""


class WebhookTimestampError(WebhookVerificationError):
    """`timestamp_outside_tolerance`: signed too long ago (a replay) or too far ahead (a wrong clock)."""

    def __init__(self, timestamp: int, now: int, tolerance: int) -> None:
        super().__init__(
            "timestamp_outside_tolerance",
            f"the signature's timestamp {timestamp} is {abs(now - timestamp)} s from now ({now}), more than the tolerance of {tolerance} s",
        )
        self.timestamp = timestamp
        self.now = now


class UnknownEventTypeError(WebhookVerificationError):
    """`unknown_event_type`: the delivery is authentic, but its `type` is newer than this package.

    `.payload` is the parsed body, for a receiver that logs or forwards what it does not handle.
    """

    def __init__(self, event_type: str, payload: dict[str, object]) -> None:
        super().__init__("unknown_event_type", f"unknown event type {event_type!r}: ignore it, or upgrade vehicle-transport-webhooks")
        self.type = event_type
        self.payload = payload


class WebhookPayloadError(WebhookVerificationError):
    """`invalid_payload`: correctly signed, but not a JSON event envelope."""

    def __init__(self, message: str) -> None:
        super().__init__("invalid_payload", message)


def _api_version_message(delivered: str, typed: str) -> str:
    return f"the event is of API version {delivered} (its endpoint's pinned version), but these types describe {typed}: its data may not match them"


class ApiVersionMismatchError(WebhookVerificationError):
    """An authentic event of another API version than the types describe (`api_version="refuse"`).

    Create the endpoint with `api_version` equal to `API_VERSION`, or use the package release of its version.
    """

    def __init__(self, api_version: str, typed: str) -> None:
        super().__init__("api_version_mismatch", _api_version_message(api_version, typed))
        self.api_version = api_version


class ApiVersionMismatchWarning(UserWarning):
    """Warned (by default) for an event of another API version than the types describe."""

    def __init__(self, api_version: str, typed: str) -> None:
        super().__init__(_api_version_message(api_version, typed))
        self.api_version = api_version
