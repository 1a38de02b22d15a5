# Verifying a delivery, as the server's src/webhooks/signer.ts does: the `Service-Signature` header
# is `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, one `v1=` per secret that
# signs (two during a rotation). The body must be the bytes as received: parsing and re-serialising
# JSON changes them, and the signature with them.
from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, Protocol, Union, cast

from .errors import (
    ApiVersionMismatchError,
    ApiVersionMismatchWarning,
    UnknownEventTypeError,
    WebhookPayloadError,
    WebhookSignatureError,
    WebhookTimestampError,
)
from .events import API_VERSION, EVENT_TYPES, Event

__all__ = ["SIGNATURE_HEADER", "EVENT_ID_HEADER", "DEFAULT_TOLERANCE", "Headers", "construct_event", "verify_signature"]

SIGNATURE_HEADER = "Service-Signature"
EVENT_ID_HEADER = "Service-Event-Id"
DEFAULT_TOLERANCE = 300

_TIMESTAMP = re.compile(r"[0-9]{1,15}")
_SIGNATURE = re.compile(r"[0-9a-fA-F]{64}")
_KNOWN_TYPES = frozenset(EVENT_TYPES)


class _HeaderItems(Protocol):
    """What http.server's `self.headers` and werkzeug's `request.headers` have (neither is a Mapping)."""

    def items(self) -> Iterable[tuple[str, str]]: ...


# A dict of headers, or any object with `.items()` (http.server, Flask/werkzeug, Django's request.headers).
Headers = Union[Mapping[str, str], _HeaderItems]


def _header(headers: Headers, name: str) -> str | None:
    # HTTP header names are case-insensitive, and frameworks spell them differently.
    # A header sent on several lines is one value, its parts joined by commas (RFC 9110, 5.3).
    wanted = name.lower()
    values = [value for key, value in headers.items() if isinstance(key, str) and key.lower() == wanted and isinstance(value, str)]
    return ",".join(values) if values else None


def _secrets(secret: str | Sequence[str]) -> list[str]:
    secrets = [secret] if isinstance(secret, str) else list(secret)
    # An empty secret would refuse every delivery with a misleading `no_matching_signature`.
    if not secrets or not all(isinstance(s, str) and s for s in secrets):
        raise ValueError("secret must be the endpoint's signing secret (whsec_...), or a non-empty list of them")
    return secrets


def _bytes(raw_body: bytes | str) -> bytes:
    if isinstance(raw_body, str):
        return raw_body.encode("utf-8")
    if isinstance(raw_body, (bytes, bytearray, memoryview)):
        return bytes(raw_body)
    raise TypeError(f"raw_body must be the request body as bytes or str, not {type(raw_body).__name__}")


def verify_signature(
    raw_body: bytes | str,
    header: str | None,
    secret: str | Sequence[str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: int | None = None,
) -> None:
    """Checks the `Service-Signature` header of a delivery against its raw body.

    `secret` is the endpoint's secret, or several (during a rotation, the new and the old one);
    `tolerance` the seconds of clock difference accepted; `now` the current Unix time (tests).
    Returns nothing when a `v1=` signature matches one of the secrets; raises `WebhookSignatureError`
    or `WebhookTimestampError` otherwise.
    """
    secrets = _secrets(secret)
    body = _bytes(raw_body)
    if not header:
        raise WebhookSignatureError("malformed_header", f"no {SIGNATURE_HEADER} header")
    timestamps: set[int] = set()
    signatures: list[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and _TIMESTAMP.fullmatch(value):
            timestamps.add(int(value))
        elif key == "v1" and _SIGNATURE.fullmatch(value):
            signatures.append(value.lower())
    # Two different timestamps (two headers joined) leave no single message that was signed.
    if len(timestamps) != 1 or not signatures:
        raise WebhookSignatureError("malformed_header", f"the {SIGNATURE_HEADER} header is not t=<unix seconds>,v1=<64 hex digits>")
    (timestamp,) = timestamps
    # The signature first: a timestamp error then always concerns a delivery the service signed.
    signed = str(timestamp).encode("ascii") + b"." + body
    if not any(
        # Every candidate is compared, in constant time each: how far a guess matched never shows.
        hmac.compare_digest(hmac.new(s.encode("utf-8"), signed, hashlib.sha256).hexdigest(), candidate)
        for s in secrets
        for candidate in signatures
    ):
        raise WebhookSignatureError("no_matching_signature", "no v1= signature matches the body with the secret(s) given")
    current = int(time.time()) if now is None else now
    if abs(current - timestamp) > tolerance:
        raise WebhookTimestampError(timestamp, current, tolerance)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def construct_event(
    raw_body: bytes | str,
    headers: Headers,
    secret: str | Sequence[str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: int | None = None,
    api_version: Literal["warn", "refuse", "ignore"] = "warn",
) -> Event:
    """Verifies a delivery and returns its event, typed (narrow it on `event["type"]`).

    `raw_body` is the request body exactly as received; `headers` the request's headers (looked up
    case-insensitively). Raises a `WebhookVerificationError`: `WebhookSignatureError`,
    `WebhookTimestampError`, `WebhookPayloadError`, or `UnknownEventTypeError` for an authentic event
    of a type this package does not know yet (answer it 2xx and ignore it).

    An event whose `api_version` (its endpoint's pinned version) is not `API_VERSION`, the version
    these types describe, has that version's shape (`/asyncapi.json?version=<api_version>`):
    `api_version="warn"` (the default) warns (`ApiVersionMismatchWarning`) and returns it,
    `"refuse"` raises `ApiVersionMismatchError`, `"ignore"` returns it.
    """
    body = _bytes(raw_body)
    # The signature first: nothing of an unauthenticated body is parsed.
    verify_signature(body, _header(headers, SIGNATURE_HEADER), secret, tolerance=tolerance, now=now)
    try:
        payload = json.loads(body, parse_constant=_refuse_constant)
    except ValueError as err:  # also UnicodeDecodeError
        raise WebhookPayloadError(f"the body is not JSON: {err}") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise WebhookPayloadError("the body is not an event envelope (a JSON object with a string `type`)")
    if payload["type"] not in _KNOWN_TYPES:
        raise UnknownEventTypeError(payload["type"], payload)
    delivered = payload.get("api_version")
    if isinstance(delivered, str) and delivered != API_VERSION and api_version != "ignore":
        if api_version == "refuse":
            raise ApiVersionMismatchError(delivered, API_VERSION)
        warnings.warn(ApiVersionMismatchWarning(delivered, API_VERSION), stacklevel=2)
    # The rest is not revalidated field by field: the signature proves the body is the service's,
    # and the service's deliveries follow the AsyncAPI document these types come from.
    return cast(Event, payload)
