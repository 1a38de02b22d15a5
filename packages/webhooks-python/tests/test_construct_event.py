# construct_event and verify_signature against deliveries signed here the way the server signs them
# (src/webhooks/signer.ts): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
# Standard library only; test/receiver-python.test.ts runs this on every Python >= 3.10 it finds:
#   python -m unittest discover -s packages/webhooks-python/tests
from __future__ import annotations

import hashlib
import hmac
import json
import sys
import typing
import unittest
import warnings
from email.message import Message
from http.client import HTTPMessage
from pathlib import Path

# Runs from a checkout, without installing the package first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vehicle_transport_webhooks import (  # noqa: E402
    API_VERSION,
    EVENT_TYPES,
    ApiVersionMismatchError,
    ApiVersionMismatchWarning,
    UnknownEventTypeError,
    WebhookPayloadError,
    WebhookSignatureError,
    WebhookTimestampError,
    WebhookVerificationError,
    construct_event,
    verify_signature,
)
from vehicle_transport_webhooks import events  # noqa: E402

SECRET = "whsec_" + "a" * 43
OLD_SECRET = "whsec_" + "b" * 43
NOW = 1_764_547_200


def sign(body: bytes | str, *secrets: str, t: int = NOW) -> str:
    raw = body.encode("utf-8") if isinstance(body, str) else body
    return ",".join([f"t={t}"] + [f"v1={hmac.new(s.encode(), f'{t}.'.encode() + raw, hashlib.sha256).hexdigest()}" for s in secrets])


def envelope(event_type: str = "order.created", api_version: str = API_VERSION) -> bytes:
    return json.dumps(
        {
            "id": "evt_01JF3QF2H4K6M8P0R2T4V6X8Z0",
            "object": "event",
            "type": event_type,
            "api_version": api_version,
            "created": NOW,
            "request_id": None,
            "sequence": 1,
            "previous_event_id": None,
            "request": None,
            "data": {"id": "ord_01JF3QF2H4K6M8P0R2T4V6X8Z0", "object": "order", "vehicles": [{"vin": "1HGCM82633A004352"}]},
        }
    ).encode("utf-8")


BODY = envelope()


class ValidDeliveries(unittest.TestCase):
    def test_one_secret(self) -> None:
        event = construct_event(BODY, {"Service-Signature": sign(BODY, SECRET)}, SECRET, now=NOW)
        self.assertEqual(event["type"], "order.created")
        self.assertEqual(event["id"], "evt_01JF3QF2H4K6M8P0R2T4V6X8Z0")
        self.assertEqual(event, json.loads(BODY))

    def test_rotation_two_signatures_either_secret(self) -> None:
        header = sign(BODY, SECRET, OLD_SECRET)
        for secret in (SECRET, OLD_SECRET):
            with self.subTest(secret=secret[:8]):
                self.assertEqual(construct_event(BODY, {"Service-Signature": header}, secret, now=NOW)["type"], "order.created")

    def test_list_of_secrets(self) -> None:
        # The receiver holds the new and the old secret while the sender still signs with one of them.
        for signer in (SECRET, OLD_SECRET):
            with self.subTest(signer=signer[:8]):
                header = sign(BODY, signer)
                self.assertEqual(construct_event(BODY, {"Service-Signature": header}, [SECRET, OLD_SECRET], now=NOW)["type"], "order.created")
                self.assertEqual(construct_event(BODY, {"Service-Signature": header}, (OLD_SECRET, SECRET), now=NOW)["type"], "order.created")

    def test_str_and_bytes_body(self) -> None:
        text = envelope("invoice.paid").decode("utf-8").replace("ord_", "ord_\u00e9")  # not ASCII: UTF-8 is what is signed
        header = sign(text, SECRET)
        from_str = construct_event(text, {"Service-Signature": header}, SECRET, now=NOW)
        from_bytes = construct_event(text.encode("utf-8"), {"Service-Signature": header}, SECRET, now=NOW)
        self.assertEqual(from_str, from_bytes)
        self.assertEqual(from_str["type"], "invoice.paid")

    def test_header_name_in_any_case(self) -> None:
        header = sign(BODY, SECRET)
        for name in ("Service-Signature", "service-signature", "SERVICE-SIGNATURE", "sErViCe-SiGnAtUrE"):
            with self.subTest(name=name):
                self.assertEqual(construct_event(BODY, {"Content-Type": "application/json", name: header}, SECRET, now=NOW)["type"], "order.created")

    def test_http_server_headers(self) -> None:
        # http.server's `self.headers` (an HTTPMessage) and email's Message are not Mappings, but work.
        for headers in (HTTPMessage(), Message()):
            headers["service-signature"] = sign(BODY, SECRET)
            with self.subTest(kind=type(headers).__name__):
                self.assertEqual(construct_event(BODY, headers, SECRET, now=NOW)["type"], "order.created")

    def test_whitespace_around_parts(self) -> None:
        header = sign(BODY, SECRET).replace(",", " , ")
        self.assertEqual(construct_event(BODY, {"Service-Signature": header}, SECRET, now=NOW)["type"], "order.created")

    def test_every_known_type(self) -> None:
        for event_type in EVENT_TYPES:
            body = envelope(event_type)
            with self.subTest(type=event_type):
                self.assertEqual(construct_event(body, {"Service-Signature": sign(body, SECRET)}, SECRET, now=NOW)["type"], event_type)

    def test_verify_signature_alone(self) -> None:
        verify_signature(BODY, sign(BODY, SECRET), SECRET, now=NOW)  # raises when refused
        with self.assertRaises(WebhookSignatureError):
            verify_signature(BODY, sign(BODY, OLD_SECRET), SECRET, now=NOW)


class RefusedDeliveries(unittest.TestCase):
    def refused(self, error: type[WebhookVerificationError], code: str, body: bytes | str, headers: dict[str, str], secret: str | list[str] = SECRET, **options: typing.Any) -> WebhookVerificationError:
        with self.assertRaises(error) as caught:
            construct_event(body, headers, secret, **options)
        self.assertIsInstance(caught.exception, WebhookVerificationError)
        self.assertEqual(caught.exception.code, code)
        return caught.exception

    def test_wrong_secret(self) -> None:
        self.refused(WebhookSignatureError, "no_matching_signature", BODY, {"Service-Signature": sign(BODY, OLD_SECRET)}, now=NOW)
        self.refused(WebhookSignatureError, "no_matching_signature", BODY, {"Service-Signature": sign(BODY, OLD_SECRET)}, [SECRET, "whsec_other"], now=NOW)

    def test_tampered_body(self) -> None:
        header = sign(BODY, SECRET)
        tampered = BODY.replace(b'"sequence": 1', b'"sequence": 2')
        self.assertNotEqual(tampered, BODY)
        self.refused(WebhookSignatureError, "no_matching_signature", tampered, {"Service-Signature": header}, now=NOW)
        # Parsed and re-serialised JSON is a different body, however equal its content.
        self.refused(WebhookSignatureError, "no_matching_signature", json.dumps(json.loads(BODY), separators=(",", ":")), {"Service-Signature": header}, now=NOW)

    def test_tampered_timestamp(self) -> None:
        header = sign(BODY, SECRET).replace(f"t={NOW}", f"t={NOW + 1}")
        self.refused(WebhookSignatureError, "no_matching_signature", BODY, {"Service-Signature": header}, now=NOW)

    def test_missing_header(self) -> None:
        self.refused(WebhookSignatureError, "malformed_header", BODY, {}, now=NOW)
        self.refused(WebhookSignatureError, "malformed_header", BODY, {"Service-Signature": ""}, now=NOW)
        self.refused(WebhookSignatureError, "malformed_header", BODY, {"X-Signature": sign(BODY, SECRET)}, now=NOW)

    def test_garbage_header(self) -> None:
        good = sign(BODY, SECRET)
        digest = good.split("v1=")[1]
        for header in (
            "garbage",
            f"v1={digest}",  # no timestamp
            f"t={NOW}",  # no signature
            f"t={NOW},v0={digest}",  # an unknown scheme only
            f"t=-{NOW},v1={digest}",
            f"t={NOW}.5,v1={digest}",
            f"t=١٧٦٤٥٤٧٢٠٠,v1={digest}",  # digits, but not ASCII ones
            f"t={NOW}{'0' * 20},v1={digest}",  # more digits than any time has
            f"t={NOW},t={NOW + 1},v1={digest}",  # two timestamps
            f"t={NOW},v1={digest[:-1]}",
            f"t={NOW},v1={digest}00",
            "t=,v1=",
        ):
            with self.subTest(header=header):
                self.refused(WebhookSignatureError, "malformed_header", BODY, {"Service-Signature": header}, now=NOW)

    def test_unknown_schemes_beside_v1_are_ignored(self) -> None:
        header = sign(BODY, SECRET) + ",v0=deadbeef,v2=" + "0" * 64
        self.assertEqual(construct_event(BODY, {"Service-Signature": header}, SECRET, now=NOW)["type"], "order.created")

    def test_uppercase_hex_and_a_header_sent_on_two_lines(self) -> None:
        t, digest = sign(BODY, SECRET).split(",v1=")
        self.assertEqual(construct_event(BODY, {"Service-Signature": f"{t},v1={digest.upper()}"}, SECRET, now=NOW)["type"], "order.created")

        class TwoLines:  # as http.server's headers hold a header sent twice
            def items(self) -> list[tuple[str, str]]:
                return [("Service-Signature", t), ("service-signature", f"v1={digest}")]

        self.assertEqual(construct_event(BODY, TwoLines(), SECRET, now=NOW)["type"], "order.created")

    def test_a_forged_stale_delivery_is_a_signature_error(self) -> None:
        header = sign(BODY, "whsec_someone_else", t=NOW - 3600)
        self.refused(WebhookSignatureError, "no_matching_signature", BODY, {"Service-Signature": header}, now=NOW)

    def test_stale_timestamp(self) -> None:
        header = sign(BODY, SECRET, t=NOW - 301)
        error = self.refused(WebhookTimestampError, "timestamp_outside_tolerance", BODY, {"Service-Signature": header}, now=NOW)
        self.assertIsInstance(error, WebhookTimestampError)
        assert isinstance(error, WebhookTimestampError)
        self.assertEqual((error.timestamp, error.now), (NOW - 301, NOW))
        # 300 s is still inside the default tolerance.
        self.assertEqual(construct_event(BODY, {"Service-Signature": sign(BODY, SECRET, t=NOW - 300)}, SECRET, now=NOW)["type"], "order.created")

    def test_future_timestamp(self) -> None:
        self.refused(WebhookTimestampError, "timestamp_outside_tolerance", BODY, {"Service-Signature": sign(BODY, SECRET, t=NOW + 301)}, now=NOW)
        self.assertEqual(construct_event(BODY, {"Service-Signature": sign(BODY, SECRET, t=NOW + 300)}, SECRET, now=NOW)["type"], "order.created")

    def test_custom_tolerance(self) -> None:
        header = sign(BODY, SECRET, t=NOW - 60)
        self.refused(WebhookTimestampError, "timestamp_outside_tolerance", BODY, {"Service-Signature": header}, tolerance=30, now=NOW)
        self.assertEqual(construct_event(BODY, {"Service-Signature": header}, SECRET, tolerance=60, now=NOW)["type"], "order.created")
        self.assertEqual(construct_event(BODY, {"Service-Signature": sign(BODY, SECRET, t=NOW - 3600)}, SECRET, tolerance=3600, now=NOW)["type"], "order.created")

    def test_default_clock_is_now(self) -> None:
        import time

        fresh = int(time.time())
        self.assertEqual(construct_event(BODY, {"Service-Signature": sign(BODY, SECRET, t=fresh)}, SECRET)["type"], "order.created")
        self.refused(WebhookTimestampError, "timestamp_outside_tolerance", BODY, {"Service-Signature": sign(BODY, SECRET, t=fresh - 3600)})

    def test_unknown_type(self) -> None:
        body = envelope("order.teleported")
        error = self.refused(UnknownEventTypeError, "unknown_event_type", body, {"Service-Signature": sign(body, SECRET)}, now=NOW)
        assert isinstance(error, UnknownEventTypeError)
        self.assertEqual(error.type, "order.teleported")
        self.assertEqual(error.payload["id"], "evt_01JF3QF2H4K6M8P0R2T4V6X8Z0")

    def test_unknown_type_is_checked_after_the_signature(self) -> None:
        body = envelope("order.teleported")
        self.refused(WebhookSignatureError, "no_matching_signature", body, {"Service-Signature": sign(body, OLD_SECRET)}, now=NOW)

    def test_non_json_body(self) -> None:
        for body in (b"not json", b"", b'{"type": "order.created"', b"\xff\xfe\xfa", b'{"type": "order.created", "n": NaN}'):
            with self.subTest(body=body):
                self.refused(WebhookPayloadError, "invalid_payload", body, {"Service-Signature": sign(body, SECRET)}, now=NOW)

    def test_json_that_is_not_an_envelope(self) -> None:
        for body in (b"[]", b"42", b'"order.created"', b"{}", b'{"type": 7}', b"null"):
            with self.subTest(body=body):
                self.refused(WebhookPayloadError, "invalid_payload", body, {"Service-Signature": sign(body, SECRET)}, now=NOW)

    def test_no_secret_is_a_programming_error(self) -> None:
        for secret in ("", [], [""]):
            with self.subTest(secret=secret), self.assertRaises(ValueError):
                construct_event(BODY, {"Service-Signature": sign(BODY, SECRET)}, secret, now=NOW)


# The document the package's types are generated from, in the repository that generates them.
ASYNCAPI = Path(__file__).resolve().parents[3] / "generated" / "asyncapi.json"


class ApiVersions(unittest.TestCase):
    """The types describe one API version (API_VERSION); an event of another is surfaced."""

    OLDER = "2026-01-15"

    def deliver(self, **options: typing.Any) -> events.Event:
        body = envelope(api_version=self.OLDER)
        return construct_event(body, {"Service-Signature": sign(body, SECRET)}, SECRET, now=NOW, **options)

    @unittest.skipUnless(ASYNCAPI.exists(), "outside the repository: no generated/asyncapi.json")
    def test_the_types_version_is_the_asyncapi_documents(self) -> None:
        document = json.loads(ASYNCAPI.read_text("utf-8"))
        self.assertEqual(API_VERSION, document["info"]["version"])
        self.assertEqual(events.API_VERSION, API_VERSION)

    def test_an_event_of_the_types_version_passes_silently(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertEqual(construct_event(BODY, {"Service-Signature": sign(BODY, SECRET)}, SECRET, now=NOW, api_version="refuse")["api_version"], API_VERSION)

    def test_another_version_warns_by_default_and_returns_the_event(self) -> None:
        with self.assertWarns(ApiVersionMismatchWarning) as caught:
            event = self.deliver()
        self.assertEqual(event["api_version"], self.OLDER)
        warning = caught.warning
        assert isinstance(warning, ApiVersionMismatchWarning)
        self.assertEqual(warning.api_version, self.OLDER)
        self.assertIn(API_VERSION, str(warning))

    def test_another_version_is_refused_when_asked(self) -> None:
        with self.assertRaises(ApiVersionMismatchError) as caught:
            self.deliver(api_version="refuse")
        self.assertEqual(caught.exception.code, "api_version_mismatch")
        self.assertEqual(caught.exception.api_version, self.OLDER)
        self.assertIsInstance(caught.exception, WebhookVerificationError)

    def test_another_version_is_returned_silently_when_ignored(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertEqual(self.deliver(api_version="ignore")["api_version"], self.OLDER)


class GeneratedModels(unittest.TestCase):
    def test_every_model_resolves_at_runtime(self) -> None:
        # The annotations are strings (postponed evaluation): resolving them all proves the module
        # names nothing it does not define, on this Python version.
        classes = [getattr(events, name) for name in events.__all__ if isinstance(getattr(events, name), type)]
        self.assertGreater(len(classes), len(EVENT_TYPES))
        for cls in classes:
            with self.subTest(model=cls.__name__):
                self.assertTrue(typing.get_type_hints(cls))

    def test_event_union_and_types_agree(self) -> None:
        envelopes = typing.get_args(events.Event)
        types = [typing.get_args(typing.get_type_hints(e)["type"])[0] for e in envelopes]
        self.assertEqual(tuple(types), EVENT_TYPES)
        self.assertEqual(typing.get_args(events.EventType), EVENT_TYPES)
        self.assertEqual(len(set(EVENT_TYPES)), len(EVENT_TYPES))

    def test_optional_properties_are_not_required(self) -> None:
        self.assertIn("address2", events.PostalAddress.__optional_keys__)
        self.assertIn("address1", events.PostalAddress.__required_keys__)
        self.assertIn("secret", events.WebhookEndpoint.__optional_keys__)


if __name__ == "__main__":
    unittest.main()
