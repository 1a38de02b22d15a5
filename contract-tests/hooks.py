"""Schemathesis hooks for `bash contract-tests/run.sh` (loaded through SCHEMATHESIS_HOOKS).

Documents (invoices, remittance advice, rate confirmations, bills of lading, the print queue) answer
`application/pdf`, typed as a binary string: the deserializer below checks each is a PDF (its header
and end-of-file marker) and hands the schema its bytes as a string.

The operations on the current dashboard session are authenticated by the session cookie alone
(`sessionCookie` in the spec), and signing out ends the session it is given. So each of their cases
gets a session of its own: a sign-in as the dashboard user run.sh created, whose cookie and CSRF
token (needed by the state-changing ones: switching the session's mode, changing the password,
signing out) go with the request.
"""

import os
import time

import requests
import schemathesis

BASE_URL = os.environ["CONTRACT_BASE_URL"]
EMAIL = os.environ["CONTRACT_SESSION_EMAIL"]
PASSWORD = os.environ["CONTRACT_SESSION_PASSWORD"]


@schemathesis.auth(refresh_interval=None).apply_to(operation_id=["getCurrentSession", "updateCurrentSession", "deleteCurrentSession", "changeOwnPassword"])
class DashboardSession:
    def get(self, case, ctx):
        answer = requests.post(f"{BASE_URL}/v1/sessions", json={"email": EMAIL, "password": PASSWORD}, timeout=10)
        answer.raise_for_status()
        return answer.cookies["vt_session"], answer.json()["csrf_token"]

    def set(self, case, data, ctx):
        cookie, csrf_token = data
        case.cookies = {**(case.cookies or {}), "vt_session": cookie}
        case.headers = {**(case.headers or {}), "X-CSRF-Token": csrf_token}


# A test clock's time must lie near the real one (from 7 days before now to 366 days after; an advance,
# forward and by 90 days at most), which a random integer of the schema's range almost never does:
# half of the schema-valid times drawn (the even ones) are moved to now (a new clock) or an hour on
# (an advance), so clocks are made, advanced, read and deleted, not only refused. The others, and
# every value outside the schema, are sent as drawn.
CLOCK_TIMES = {"POST /v1/test_helpers/test_clocks": 0, "POST /v1/test_helpers/test_clocks/{test_clock_id}/advance": 3600}


@schemathesis.hook
def map_body(ctx, body):
    label = getattr(ctx.operation, "label", None)
    if label in CLOCK_TIMES and isinstance(body, dict):
        drawn = body.get("frozen_time")
        if type(drawn) is int and 0 <= drawn <= 253402300799 and drawn % 2 == 0:
            body["frozen_time"] = int(time.time()) + CLOCK_TIMES[label]
    return body


@schemathesis.deserializer("application/pdf")
def pdf_document(ctx, response):
    content = response.content
    if not content.startswith(b"%PDF-") or b"%%EOF" not in content[-1024:]:
        raise ValueError(f"not a PDF document: starts with {content[:16]!r}")
    return content.decode("latin-1")


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    """A link Schemathesis infers can take a null from a response (the order of an invoice line that
    bills no order, the carrier of an order not dispatched yet) and send it as a path parameter
    ("None"): such a request is not schema-valid, so a 400 for it is right. Only such cases are
    spared; every other failure counts."""
    return not any(value is None or value == "None" for value in (case.path_parameters or {}).values())
