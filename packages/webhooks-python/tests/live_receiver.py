# A webhook receiver as an integrator would write one (http.server + construct_event), for the live
# test in test/receiver-python.test.ts: the server delivers every event type to it, and it reports
# each request as one JSON line on stdout. Besides verifying, it checks each event against its
# generated TypedDict (every required key there, no key the model lacks, every value of its type),
# so a model that drifts from what the server really sends fails the test.
#
# Protocol: prints {"port": N} once listening, then reads one line from stdin, the JSON list of
# secrets to accept; then serves until terminated.
from __future__ import annotations

import json
import sys
import types
import typing
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

# Runs from a checkout, without installing the package first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vehicle_transport_webhooks import (  # noqa: E402
    UnknownEventTypeError,
    WebhookVerificationError,
    construct_event,
)
from vehicle_transport_webhooks import events  # noqa: E402

ENVELOPES = {typing.get_args(typing.get_type_hints(e)["type"])[0]: e for e in typing.get_args(events.Event)}


def problems(value: object, hint: object, path: str) -> list[str]:
    """Where `value` (parsed JSON) does not match the type `hint`; empty when it does."""
    origin = typing.get_origin(hint)
    if hint is object:
        return []
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if origin is typing.Literal:
        return [] if any(value == a and type(value) is type(a) for a in typing.get_args(hint)) else [f"{path}: {value!r} is not one of {typing.get_args(hint)}"]
    if origin is typing.Union or origin is types.UnionType:
        if any(not problems(value, alternative, path) for alternative in typing.get_args(hint)):
            return []
        return [f"{path}: {value!r} matches no alternative of {hint}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: not a list"]
        (item,) = typing.get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        return [p for k, v in value.items() for p in problems(v, typing.get_args(hint)[1], f"{path}.{k}")]
    if isinstance(hint, type) and typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: not an object ({hint.__name__})"]
        fields = typing.get_type_hints(hint)
        required: frozenset[str] = getattr(hint, "__required_keys__")
        found = [f"{path}: {hint.__name__} requires {k}" for k in sorted(required - value.keys())]
        found += [f"{path}: {hint.__name__} has no field {k}" for k in sorted(value.keys() - fields.keys())]
        return found + [p for k, v in value.items() if k in fields for p in problems(v, fields[k], f"{path}.{k}")]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{path}: {value!r} is not a boolean"]
    if hint is int or hint is float:
        numeric = isinstance(value, int) or (hint is float and isinstance(value, float))
        return [] if numeric and not isinstance(value, bool) else [f"{path}: {value!r} is not {hint.__name__}"]
    if hint is str:
        return [] if isinstance(value, str) else [f"{path}: {value!r} is not a string"]
    return [f"{path}: the check does not know the type {hint}"]


class Receiver(BaseHTTPRequestHandler):
    secrets: list[str] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        signatures = (self.headers.get("Service-Signature") or "").count("v1=")
        try:
            event = construct_event(body, self.headers, self.secrets)
        except UnknownEventTypeError as err:
            # Authentic, only newer than this package: acknowledged, so the service does not retry it.
            self.answer(200, {"status": 200, "unknown_type": err.type})
            return
        except WebhookVerificationError as err:
            self.answer(400, {"status": 400, "code": err.code})
            return
        found = problems(event, ENVELOPES[event["type"]], "event")
        self.answer(200, {"status": 200, "type": event["type"], "id": event["id"], "signatures": signatures, "problems": found})

    def answer(self, status: int, record: dict[str, object]) -> None:
        # Recorded before answering: once the sender has its answer, the line is already written.
        print(json.dumps(record), flush=True)
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass  # stdout carries the records, stderr stays for errors


def main() -> None:
    server = HTTPServer(("127.0.0.1", 0), Receiver)
    print(json.dumps({"port": server.server_address[1]}), flush=True)
    Receiver.secrets = json.loads(sys.stdin.readline())
    server.serve_forever()


if __name__ == "__main__":
    main()
