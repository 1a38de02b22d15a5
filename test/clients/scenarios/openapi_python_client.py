"""The client scenario with the package openapi-python-client makes from a published OpenAPI document.

test/clients/clients.test.ts generates the package `vt_client` beside a copy of this file, imports
every module of it, checks this file with mypy (strict), runs it against a live server and checks
its report (one JSON line on stdout) against the server.
"""

from __future__ import annotations

import json
import os

from vt_client import AuthenticatedClient
from vt_client.api.customers import create_customer
from vt_client.api.orders import create_order, get_order, list_orders
from vt_client.api.webhooks import create_webhook_endpoint, get_webhook_endpoint, test_webhook_endpoint
from vt_client.models.customer import Customer
from vt_client.models.customer_create import CustomerCreate
from vt_client.models.error import Error
from vt_client.models.order import Order
from vt_client.models.order_create import OrderCreate
from vt_client.models.order_list import OrderList
from vt_client.models.webhook_delivery import WebhookDelivery
from vt_client.models.webhook_endpoint import WebhookEndpoint
from vt_client.models.webhook_endpoint_create import WebhookEndpointCreate
from vt_client.types import UNSET


def known(value: object) -> object:
    """A growing enum's value: the enum member when this client knows it, else the string as sent."""
    return getattr(value, "value", value)


def main() -> None:
    base_url, key, receiver_url = (os.environ[name] for name in ("VT_BASE_URL", "VT_API_KEY", "VT_RECEIVER_URL"))
    client = AuthenticatedClient(base_url=base_url, token=key, raise_on_unexpected_status=True)

    created = create_customer.sync_detailed(client=client, body=CustomerCreate(name="Matrix Motors", email="ap@matrix-motors.example"))
    assert created.status_code == 201, created.content
    customer = created.parsed
    assert isinstance(customer, Customer), customer
    assert customer.name == "Matrix Motors"

    order_ids: list[str] = []
    for vin in ("1HGCM82633A004352", "1FTFW1ET9DFC10312"):
        body = OrderCreate.from_dict(
            {
                "customer_id": customer.id,
                "pickup": {"address1": "1200 W Lake St", "city": "Chicago", "state": "IL", "zip": "60607"},
                "delivery": {"address1": "500 Ocean Dr", "city": "Miami Beach", "state": "FL", "zip": "33139"},
                "vehicles": [{"vin": vin, "year": 2013, "make": "Ford", "model": "F-150"}],
                "ready_date": "2026-12-01",
            }
        )
        placed = create_order.sync_detailed(client=client, body=body)
        assert placed.status_code == 201, placed.content
        order = placed.parsed
        assert isinstance(order, Order), order
        assert order.customer_id == customer.id
        assert order.status.value == "pending"
        order_ids.append(order.id)

    first = list_orders.sync(client=client, customer_id=customer.id, limit=1)
    assert isinstance(first, OrderList), first
    assert len(first.data) == 1 and first.has_more and first.next_cursor
    second = list_orders.sync(client=client, customer_id=customer.id, limit=1, cursor=first.next_cursor)
    assert isinstance(second, OrderList), second
    assert len(second.data) == 1 and second.data[0].id != first.data[0].id

    missing_id = "ord_00000000000000000000000000"
    missing = get_order.sync_detailed(missing_id, client=client)
    error = missing.parsed
    assert isinstance(error, Error), missing.content

    made = create_webhook_endpoint.sync_detailed(
        client=client,
        body=WebhookEndpointCreate.from_dict({"url": receiver_url, "enabled_events": ["*"], "description": "client matrix"}),
    )
    assert made.status_code == 201, made.content
    endpoint = made.parsed
    assert isinstance(endpoint, WebhookEndpoint), endpoint
    assert isinstance(endpoint.secret, str) and endpoint.secret.startswith("whsec_")
    read_back = get_webhook_endpoint.sync(endpoint.id, client=client)
    assert isinstance(read_back, WebhookEndpoint), read_back
    assert read_back.secret is UNSET
    test = test_webhook_endpoint.sync_detailed(endpoint.id, client=client)
    assert test.status_code == 201, test.content
    delivery = test.parsed
    assert isinstance(delivery, WebhookDelivery), delivery

    print(
        json.dumps(
            {
                "customer": {"id": customer.id, "name": customer.name},
                "orders": order_ids,
                "pages": [[o.id for o in first.data], [o.id for o in second.data]],
                "cursor": first.next_cursor,
                "missing": {"id": missing_id, "status": int(missing.status_code), "type": error.error.type_.value, "code": known(error.error.code)},
                "endpoint": {"id": endpoint.id, "url": read_back.url, "enabled_events": list(read_back.enabled_events), "status": read_back.status.value},
                "test_event": {"status": int(test.status_code), "event_type": known(delivery.event_type)},
            }
        )
    )


if __name__ == "__main__":
    main()
