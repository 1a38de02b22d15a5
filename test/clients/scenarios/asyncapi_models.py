"""Checks the pydantic models datamodel-code-generator makes from the AsyncAPI document.

Usage (from the directory of the generated module):
  python asyncapi_models.py deliveries MODELS_MODULE ASYNCAPI_JSON DELIVERIES_JSON
      DELIVERIES_JSON is [{"label": ..., "headers": {name: value}, "body": "<the raw body>"}, ...]
      (header names in any case). Reports every message's payload and header models (or why it has
      none), and per delivery whether its body parsed (strict) with the payload model of its `type`
      and its headers with the message's header model.
  python asyncapi_models.py patterns MODELS_MODULE ASYNCAPI_JSON
      Reports, for every string schema of the document whose pattern excludes NUL, whether its model
      takes plain text and refuses a NUL and a lone surrogate.
Prints one JSON report; test/clients/clients.test.ts decides what passes.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ValidationError


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def deliveries(models: ModuleType, document: dict[str, Any], deliveries_path: str) -> dict[str, Any]:
    with open(deliveries_path, encoding="utf-8") as f:
        received: list[dict[str, Any]] = json.load(f)
    components = document["components"]
    messages: dict[str, dict[str, Any]] = {}
    payload_models: dict[str, type[BaseModel]] = {}
    header_models: dict[str, type[BaseModel]] = {}
    for key, message in components["messages"].items():
        event_type = message["name"]
        entry: dict[str, Any] = {"message": key, "payload_schema": ref_name(message["payload"]["$ref"])}
        # The generator's model of a message payload: <Message>Payload, a root model of the schema's model.
        payload = getattr(models, f"{key}Payload", None)
        if payload is None:
            entry["problem"] = f"no model {key}Payload"
        else:
            root = payload.model_fields["root"].annotation
            if getattr(root, "__name__", None) != entry["payload_schema"]:
                entry["problem"] = f"{key}Payload wraps {root!r}, not {entry['payload_schema']}"
            else:
                payload_models[event_type] = payload
                entry["payload_model"] = payload.__name__
        traits = [components["messageTraits"][ref_name(t["$ref"])] for t in message.get("traits", [])]
        headers = [t["headers"] for t in traits if "headers" in t] + ([message["headers"]] if "headers" in message else [])
        if len(headers) != 1:
            entry.setdefault("problem", f"{len(headers)} header schemas")
        else:
            header_model = getattr(models, ref_name(headers[0]["$ref"]), None)
            if header_model is None:
                entry.setdefault("problem", f"no model {ref_name(headers[0]['$ref'])}")
            else:
                header_models[event_type] = header_model
                entry["headers_model"] = header_model.__name__
        messages[event_type] = entry

    results = []
    for delivery in received:
        result: dict[str, Any] = {"label": delivery["label"]}
        try:
            event_type = json.loads(delivery["body"]).get("type")
        except ValueError as e:
            event_type = None
            result["error"] = f"not JSON: {e}"
        result["type"] = event_type
        if event_type not in payload_models and "error" not in result:
            # A type newer than the models (event types grow without a new API version): the
            # integrator's default branch reads it as the envelope every event has, and ignores it.
            try:
                models.EventEnvelope.model_validate_json(delivery["body"], strict=True)
                result["ok"] = True
                result["model"] = "EventEnvelope"
            except ValidationError as e:
                result["error"] = f"no payload model for event type {event_type!r}, and not an event envelope: {e}"
        elif event_type not in payload_models:
            pass
        else:
            try:
                payload_models[event_type].model_validate_json(delivery["body"], strict=True)
                header_model = header_models[event_type]
                # HTTP header names are case-insensitive (Node hands them over lower-cased): match by the
                # names the document spells.
                got = {name.lower(): value for name, value in delivery["headers"].items()}
                spelled = [field.alias or name for name, field in header_model.model_fields.items()]
                headers_parsed = header_model.model_validate({n: got[n.lower()] for n in spelled if n.lower() in got}, strict=True)
                result["ok"] = True
                result["model"] = payload_models[event_type].__name__
                result["header_fields"] = sorted(headers_parsed.model_dump(by_alias=True, exclude_none=True))
            except ValidationError as e:
                result["error"] = str(e)
        result.setdefault("ok", False)
        results.append(result)
    return {"messages": messages, "deliveries": results}


def patterns(models: ModuleType, document: dict[str, Any]) -> dict[str, Any]:
    def takes(model: type[BaseModel], value: str) -> bool:
        try:
            model.model_validate(value)
            return True
        except ValidationError:
            return False

    out: dict[str, Any] = {}
    for name, schema in document["components"]["schemas"].items():
        pattern = schema.get("pattern")
        if schema.get("type") != "string" or not isinstance(pattern, str) or not re.search(pattern, "ok") or re.search(pattern, "a\x00b"):
            continue
        model = getattr(models, name, None)
        if model is None:
            out[name] = "no model"
            continue
        # The NUL is refused by the pattern; a lone surrogate by pydantic's string parsing already.
        out[name] = {"plain": takes(model, "ok"), "nul": takes(model, "a\x00b"), "lone surrogate": takes(model, "a\ud800b")}
    return out


def main(argv: list[str]) -> None:
    if len(argv) < 3 or (argv[0], len(argv)) not in (("deliveries", 4), ("patterns", 3)):
        sys.exit(__doc__)
    models = importlib.import_module(argv[1])
    with open(argv[2], encoding="utf-8") as f:
        document: dict[str, Any] = json.load(f)
    print(json.dumps(deliveries(models, document, argv[3]) if argv[0] == "deliveries" else patterns(models, document)))


if __name__ == "__main__":
    main(sys.argv[1:])
