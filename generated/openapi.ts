// GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
export interface paths {
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Newest first.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Creates a customer (a shipper that orders are billed to). Only `name` is required; answers 201 with the customer and its URL in `Location`.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                customer_id: components["schemas"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a customer
         * @description The customer by its id. Another account's customer is 404.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a customer
         * @description Changes only the fields given. `null` clears an optional field; metadata keys set to `null` are removed.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Newest first, optionally filtered. Filters combine with AND.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create an order
         * @description Creates a `pending` order for an existing customer and fires `order.created`.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an order
         * @description The order by its id, in its current status. Another account's order is 404.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a pending order
         * @description Changes only the fields given. Only a `pending` order can be edited; any other status
         *     answers 409 `invalid_state_transition`. Metadata keys set to `null` are removed.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/v1/orders/{order_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an order
         * @description Cancels an order before pickup (status `pending` or `dispatched`) and fires
         *     `order.cancelled`. Any other status answers 409 `invalid_state_transition`.
         */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reopen an order cancelled or delivered by mistake
         * @description Undoes a cancellation or a delivery recorded by mistake. A `cancelled` order goes back to the
         *     status it had when it was cancelled (`dispatched` when it had a carrier, else `pending`), its
         *     `cancelled_at` and `cancellation_reason` cleared; a `delivered` order goes back to
         *     `in_transit`, its `delivered_at` and `bill_of_lading` cleared (record the delivery again with
         *     `POST /v1/orders/{order_id}/deliver`). What was cleared is kept in the order's `reopenings`,
         *     with the `reason`; `order.reopened` fires with the order as it is now, and the reopening is
         *     recorded in the audit log (`order.reopened`), in one transaction.
         *
         *     What the terminal state started is put back: a delivery's revenue and carrier cost leave the
         *     ledger (an entry of kind `order_reopened` reverses what the load holds in `revenue`,
         *     `unbilled_receivables`, `deferred_revenue`, `carrier_cost` and `carrier_payable`); an order
         *     reopened to `dispatched` whose rate confirmation email the cancellation withdrew gets it
         *     queued again; its tracking link opens again.
         *
         *     Refused with 409, writing nothing:
         *     * `invalid_state_transition`: the order is neither `cancelled` nor `delivered`; or it ended
         *       30 days or more ago (its tracking link has stopped opening and its customer was told it
         *       ended: book a new order instead).
         *     * `order_already_billed`: a `SENT` or `PAID` invoice bills the delivered order (void it
         *       first; a `DRAFT` invoice does not stop it).
         *     * `order_already_paid`: a carrier payment pays for the delivered order (void it first:
         *       `POST /v1/carrier_payments/{carrier_payment_id}/void`).
         *     * `carrier_not_active`: the order would go back to `dispatched` and its carrier is no longer
         *       `active`.
         */
        post: operations["reopenOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The account's webhook endpoints, newest first, without their signing secrets.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL to receive events. The answer carries the endpoint's signing `secret`
         *     (`whsec_...`), shown only here and by `rotateWebhookEndpointSecret`. The endpoint pins the
         *     API version its payloads are rendered for (the creating key's version unless given).
         *
         *     An endpoint receives only what its creator may read: every type in `enabled_events` needs
         *     the read scope the event-type catalog names for it (`scope`), and `*` needs every type's
         *     (403 `insufficient_scope`, `param` `enabled_events`, naming what is missing).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description The webhook endpoint by its id, without its signing secret (returned only by create and rotate). Another account's endpoint is 404.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint and its delivery log; nothing more is sent to it. Needs the scopes of every event type it receives.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the URL, the subscribed events, the description or the status (`disabled` endpoints receive nothing; their pending deliveries wait until re-enabled). The API version never changes. Changing, deleting, rotating, testing or recovering an endpoint needs the scopes of every event type it receives (403 `insufficient_scope` otherwise), and new `enabled_events` the scopes of every type they name. The endpoint of a listener (`vehicle-transport listen`) cannot be enabled (409 `invalid_state_transition`).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Issues a new secret (returned once, in `secret`). The old secret keeps signing for
         *     `grace_period_seconds` (default 86400, 0 ends it at once): during that time every delivery
         *     carries two `v1=` signatures, one per secret.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description Sends a `webhook_endpoint.test` event to this endpoint only, whether or not it subscribes to
         *     that type (like a ping): a way to check the URL, the signature verification and the answer
         *     before real events flow. The event's `data` is the endpoint as this API renders it, without
         *     its secret. It goes through the normal delivery path (signed with the endpoint's secret,
         *     retried on the usual schedule, in the delivery log with every attempt) and is listed among
         *     the events; no other endpoint receives it, not even one subscribed to `["*"]`. A disabled
         *     endpoint receives nothing (409 `endpoint_disabled`; enable it first).
         *
         *     The answer is the new delivery, pending: follow its attempts with `getWebhookDelivery`.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries (the delivery log)
         * @description Newest first, each with every attempt made.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send an endpoint's permanently failed deliveries
         * @description Every `permanently_failed` delivery of the endpoint created in `[since, until]` (Unix
         *     seconds; `until` defaults to now) goes back to `pending` with a fresh retry schedule and is
         *     sent again with the same event id.
         */
        post: operations["recoverWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_deliveries/{webhook_delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id. */
                webhook_delivery_id: components["schemas"]["WebhookDeliveryId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a delivery with its attempts
         * @description One delivery of an event to an endpoint, with every attempt made (its time, duration, response status and the start of the response body). Another account's delivery is 404.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Newest first; events are kept 30 days (to 37; a week's events, Monday to Sunday UTC, go
         *     together once the whole week is 30 days old). With `object_id`, the events about that one
         *     object in `sequence` order (oldest first), which is how a receiver fills a gap it detected:
         *     `object_id=<id>` with `cursor` set to the last event it applied.
         *
         *     Only the events of types the caller may read are listed (each type's `scope` in
         *     `GET /v1/event_types`); `type` naming a type the caller may not read is 403
         *     `insufficient_scope`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List event types
         * @description Every event type the service sends, with its description, the object its `data` carries
         *     and the JSON Schema (2020-12) of its envelope as the caller's API version renders it, made
         *     from the published AsyncAPI document. In type order, paged as every list: an event type is
         *     identified by its `type` (`EventTypeId`), the cursor of the next page.
         */
        get: operations["listEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/margin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue, carrier cost and margin per period, and by customer, carrier or lane
         * @description From the general ledger, so it always agrees with the trial balance. Revenue is recognized when
         *     it is earned, at delivery, in the same journal entry as the load's carrier cost, so a load's
         *     margin lands in the period its delivery was recorded whenever it is invoiced: per period,
         *     `revenue` (credits less debits of the `revenue` ledger account: delivered loads at their price,
         *     adjusted when an invoice bills a delivered load at another amount), `carrier_cost` (debits
         *     less credits of `carrier_cost`: delivered loads' carrier pay), `margin` (revenue less carrier
         *     cost) and `margin_percent`, in cents, of the entries posted in the period, and `loads` (the
         *     deliveries recorded in it). Every period of the range is a row, those with nothing included.
         *     With `group_by`, `groups` splits the whole range by `customer`, `carrier` or `lane` (the
         *     pickup state to the delivery state, `IL->FL`), largest margin first. A range whose `to` is
         *     before `from`, that is longer than 366 days or that names a day the calendar does not have
         *     answers 400 `invalid_value` naming the parameter.
         */
        get: operations["getMarginReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/receivables_aging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who owes what, and for how long
         * @description What each customer owed at the end of `as_of_date` (UTC), by how many days each invoice was past
         *     its due date that day: `current` (not yet due), `days_1_30`, `days_31_60`, `days_61_90` and
         *     `days_over_90`, less `unapplied_payments` (payments recorded on account, with no invoice);
         *     `total` is the customer's balance. An invoice counts from the moment it was sent until it was
         *     paid in full or voided, for what remained unpaid that day; a payment the bank returned counts
         *     as paid from its `created` until its `returned_at`. `totals.total` equals the
         *     `accounts_receivable` balance of the trial balance at that day. Customers with no invoice
         *     open and no payment on account that day are left out; the largest balance comes first.
         */
        get: operations["getReceivablesAgingReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders created, dispatched, delivered and cancelled per period, on-time rate
         * @description Per period (of the time each thing happened): orders `created`, `dispatched`, `delivered`
         *     and `cancelled`; of those delivered, how many `on_time` (delivered no later than the end of
         *     the day `ready_date + delivery_window_days`, UTC), the `on_time_rate`, and the average days
         *     from pickup to delivery; and the exceptions reported, by kind. The range is checked as for
         *     the margin report (400 `invalid_value`).
         */
        get: operations["getOperationsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event's id. */
                event_id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description An event of a type the caller may not read (its `scope` in `GET /v1/event_types`) is 403 `insufficient_scope`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event's id. */
                event_id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description Sends the event again, with the same event id, to one endpoint (`webhook_endpoint_id`) or to every
         *     enabled endpoint subscribed to its type. Each delivery restarts its retry schedule. Naming an
         *     endpoint that is not subscribed to the event's type answers 409 `endpoint_not_subscribed`;
         *     a disabled one, 409 `endpoint_disabled`. Replaying needs the scope that reads the event's
         *     type (403 `insufficient_scope` otherwise).
         */
        post: operations["replayEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List carriers
         * @description The account's carriers, newest first; `status` keeps the carriers in one status.
         */
        get: operations["listCarriers"];
        put?: never;
        /**
         * Onboard a carrier
         * @description Records the carrier's application: 201 with `status: pending_vetting` and
         *     `safer_pull_status: queued`, and fires `carrier.onboarded`. Vetting against the federal
         *     (FMCSA) record runs in the background; the carrier then becomes `active` (`carrier.vetted`)
         *     or `rejected` with `vetting.reasons`. A DOT number already onboarded in the account answers
         *     409 `duplicate_carrier`.
         */
        post: operations["createCarrier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{carrier_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a carrier
         * @description The carrier by its id, with its vetting outcome, the registry's details and its compliance filings. Another account's carrier is 404.
         */
        get: operations["getCarrier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a carrier's contact and compliance dates
         * @description Changes contact fields and the expiry dates of the insurance certificate, bond and
         *     process-agent filing (the compliance scan watches them). DOT and MC numbers never change.
         */
        patch: operations["updateCarrier"];
        trace?: never;
    };
    "/v1/carriers/{carrier_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend an active carrier
         * @description `active` -> `suspended`, fires `carrier.suspended`. A suspended carrier cannot be dispatched. Any other status answers 409 `invalid_state_transition`.
         */
        post: operations["suspendCarrier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{carrier_id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reinstate a suspended carrier
         * @description `suspended` -> `pending_vetting` with `safer_pull_status: queued`: the carrier is vetted again and becomes `active` or `rejected`. Any other status answers 409 `invalid_state_transition`.
         */
        post: operations["reinstateCarrier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{carrier_id}/revet": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vet a carrier again
         * @description Queues the federal record look-up again: a `pending_vetting` carrier whose look-up failed
         *     (`safer_pull_status: failed`, the registry stayed unreachable through its automatic retries)
         *     or a `rejected` carrier (its authority or insurance may have been fixed since) becomes
         *     `pending_vetting` with `safer_pull_status: queued`, and is vetted to `active` or `rejected`
         *     as at onboarding. Recorded in the audit log (`carrier.revetted`). A carrier whose look-up
         *     is queued or running, or that is `active` or `suspended`, answers 409
         *     `invalid_state_transition`.
         *
         *     **Correcting the application.** A carrier rejected for what it was onboarded with (an MC
         *     number that is not the DOT number's: `mc_number_mismatch`) is corrected here: `mc_number`
         *     replaces the MC number given at onboarding (`null` removes it, so the registry's is taken),
         *     and the carrier is vetted with it. The correction is recorded in the audit log with the
         *     revetting (the old number stays in the `carrier.rejected` event that told it). The DOT number
         *     never changes: a wrong one names another carrier, which is onboarded on its own.
         */
        post: operations["revetCarrier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{carrier_id}/monitor": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a carrier's federal record now
         * @description Reads the registry for an `active` or `suspended` carrier now, as monitoring does on its
         *     schedule, and answers what the read found: the record, what changed since the previous read,
         *     the findings, the alerts opened and whether the carrier was suspended (audited, by the
         *     caller). A carrier in another state answers 409 `invalid_state_transition`; a registry that
         *     cannot answer, 503 `registry_unavailable` (nothing changes; retry after `Retry-After`).
         */
        post: operations["monitorCarrier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{carrier_id}/registry_snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a carrier's registry reads
         * @description Every read of the federal registry for the carrier (monitoring and on demand), newest first, each with what changed and what it found.
         */
        get: operations["listCarrierRegistrySnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance_alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List compliance alerts
         * @description The account's compliance alerts, newest first; `status` and `carrier_id` narrow them.
         */
        get: operations["listComplianceAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance_alerts/{compliance_alert_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The compliance alert's id. */
                compliance_alert_id: components["parameters"]["ComplianceAlertIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a compliance alert
         * @description The compliance alert by its id. Another account's alert is 404.
         */
        get: operations["getComplianceAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance_alerts/{compliance_alert_id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The compliance alert's id. */
                compliance_alert_id: components["parameters"]["ComplianceAlertIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a compliance alert
         * @description `open` -> `resolved`, with an optional note. A resolved alert answers 409 `invalid_state_transition`.
         */
        post: operations["resolveComplianceAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/dispatch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dispatch an order to a carrier
         * @description `pending` -> `dispatched`: the carrier (which must be `active`, else 409 `carrier_not_active`)
         *     accepted the load, at the `carrier_pay` agreed with it (given here, or the order's: after
         *     dispatch it can no longer change). Fires `order.dispatched`, and emails the carrier's `contact_email` the rate
         *     confirmation (`GET /v1/orders/{id}/rate_confirmation.pdf`: the load, pickup and delivery, the
         *     vehicles and the agreed `carrier_pay`), written in the same transaction and delivered by the
         *     mail worker (`GET /v1/messages?subject_id=<order id>`).
         */
        post: operations["dispatchOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/pickup": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the pickup
         * @description `dispatched` -> `in_transit`: the carrier picked the vehicles up and they are moving. Fires `order.in_transit`.
         */
        post: operations["pickUpOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the delivery
         * @description `in_transit` -> `delivered`: the bill of lading is signed at delivery (`signed_by`,
         *     `signed_at`, default now; `GET /v1/orders/{id}/bill_of_lading.pdf`). Fires `order.delivered`,
         *     and the ledger recognizes the load in one journal entry: its revenue (its `price`, against
         *     `unbilled_receivables`; or, when a sent invoice already billed it, what that invoice billed,
         *     out of `deferred_revenue`) and its `carrier_pay` as carrier cost (against `carrier_payable`).
         */
        post: operations["deliverOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/rate_confirmation.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        /**
         * The rate confirmation of a dispatched order, as a PDF
         * @description What the carrier agreed to before moving the load: the brokerage and the carrier, the load
         *     (ready date and delivery window), pickup and delivery in full with their contacts, the
         *     vehicles (year, make, model, VIN, type, inoperable) and the agreed `carrier_pay`, with lines
         *     to sign. Only once the order is dispatched (`dispatched`, `in_transit`, `delivered`);
         *     otherwise 409 `invalid_state_transition` (the rate confirmation of an order cancelled after
         *     dispatch stays in its message: `GET /v1/messages?subject_id=<order id>`). The same state
         *     always renders the same bytes.
         */
        get: operations["getOrderRateConfirmation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/bill_of_lading.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        /**
         * The bill of lading of a delivered order, as a PDF
         * @description The load as delivered: shipper, carrier, pickup and delivery, the vehicles, when it was picked
         *     up and delivered, who signed for it and when, and the exceptions reported. Only for a
         *     `delivered` order; otherwise 409 `invalid_state_transition`. The same state always renders
         *     the same bytes.
         */
        get: operations["getOrderBillOfLading"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/exceptions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flag an exception
         * @description Appends an exception (`delay`, `damage` or `dispute`, with a note) to an order in any status but `cancelled`; the status does not change. Fires `order.exception`.
         */
        post: operations["reportOrderException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{order_id}/tracking_link/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an order's tracking link
         * @description Gives the order a new `tracking_url`; the old link stops working at once (it answers 404, as a
         *     link that never existed). For a link shared with the wrong person. The new link lives as the
         *     old one would have: until 30 days after delivery or cancellation.
         */
        post: operations["rotateOrderTrackingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The account's keys, newest first, revoked ones included (without secrets).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key in the caller's account. `scopes` must be a subset of the caller's own scopes
         *     (no escalation: 403 `insufficient_scope`, `param: scopes`, naming the missing scope). The key
         *     pins `api_version` (default: the newest version). The answer carries `secret` (`sk_live_...`
         *     or `sk_test_...`), shown this once; only its SHA-256 hash is stored. Recorded in the audit log.
         *
         *     `livemode: false` makes a test key: it reads and writes the account's test data only, which
         *     lives apart from live data (see `Livemode`). A live key may make keys of either mode; a test
         *     key makes test keys only (403 `livemode_mismatch`). A key is listed and revoked in its own
         *     mode, with a key of that mode.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{api_key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id. */
                api_key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an API key
         * @description The API key by its id, without its secret (shown once, at creation). Another account's key is 404.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{api_key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id. */
                api_key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Revokes the key at once: its next request, to any server process, answers 401. A key cannot
         *     revoke itself, and revoking an already revoked key answers 409 `invalid_state_transition`.
         *     A credential revokes only a key no stronger than itself: one whose every scope it holds
         *     (403 `insufficient_scope` otherwise, naming the scopes it lacks). Recorded in the audit log.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List OAuth clients
         * @description The account's clients, newest first, revoked ones included (without secrets).
         */
        get: operations["listOAuthClients"];
        put?: never;
        /**
         * Create an OAuth client
         * @description Creates an OAuth 2.0 client (client credentials grant) in the caller's account. Its `id`
         *     (`oac_...`) is the `client_id`; `client_secret` (`ocs_...`) is shown this once and stored only
         *     as a SHA-256 hash. `scopes` must be a subset of the caller's scopes (403 `insufficient_scope`,
         *     `param: scopes`); tokens are granted a subset of them. The client pins `api_version`.
         *     `livemode: false` makes a client of test mode, whose tokens read and write test data only (a
         *     test caller makes test clients only: 403 `livemode_mismatch`). Recorded in the audit log.
         */
        post: operations["createOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_clients/{oauth_client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The OAuth client's id (its `client_id`). */
                oauth_client_id: components["parameters"]["OAuthClientIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an OAuth client
         * @description The OAuth client by its id, without its secret (shown once, at creation). Another account's client is 404.
         */
        get: operations["getOAuthClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth_clients/{oauth_client_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The OAuth client's id (its `client_id`). */
                oauth_client_id: components["parameters"]["OAuthClientIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an OAuth client
         * @description Revokes the client and every access token issued to it, at once: the next request with any
         *     of its tokens answers 401 `invalid_token`, and `/oauth/token` refuses it (`invalid_client`).
         *     A client's own token cannot revoke it, and revoking an already revoked client answers 409
         *     `invalid_state_transition`. A credential revokes only a client no stronger than itself (403
         *     `insufficient_scope` otherwise). Recorded in the audit log.
         */
        post: operations["revokeOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Signs a dashboard user in with email and password. The answer sets the session cookie
         *     (`vt_session`: an opaque random token, `HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure`
         *     outside development mode) and carries the session: its user, the scopes of the user's role
         *     and the `csrf_token`. The token is stored only as a SHA-256 hash. A session ends after 30
         *     minutes without a request (idle expiry) and 12 hours after sign-in in any case (absolute
         *     expiry); the operator may set both (`SESSION_IDLE_TIMEOUT_MINUTES`,
         *     `SESSION_MAX_LIFETIME_HOURS`), and the session's `idle_expires_at` and `expires_at` say when.
         *
         *     An email is unique within an account, not across accounts: one person may be a user of
         *     several accounts. With `account` (the account's id, as the session's `account.id` shows it)
         *     only that account's user is tried; without it, the password is checked against the users
         *     with that email (the 10 oldest) and the first whose password it is signs in.
         *
         *     Every `/v1` operation accepts the session cookie exactly as it accepts a key (the
         *     `sessionCookie` security scheme: the same scope checks, with the scopes of the user's role,
         *     and the user as the audit actor). Every state-changing request (`POST`, `PATCH`, `DELETE`)
         *     made with the session must send the `csrf_token` in the `X-CSRF-Token` header (403
         *     `invalid_csrf_token` otherwise). A request with an `Authorization` header is authenticated by
         *     that header alone, never by the cookie.
         *
         *     A wrong email, password or account answers 401 `invalid_credentials` (the same for each, and
         *     for a disabled user). Sign-in attempts are limited per email (5 in 15 minutes) and per client
         *     address (50 in 15 minutes), counted before the password is checked: over that, 429
         *     `rate_limit_exceeded` with `Retry-After`, and the password is not checked (not even a right
         *     one) until the window has passed. A successful sign-in clears its email's count and gives
         *     its attempt back to the address's.
         *
         *     Signing in takes no `Idempotency-Key`: every sign-in is a new session, and a stored answer
         *     would hold the session's token.
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the current session
         * @description The session named by the `vt_session` cookie: its user, scopes, expiry times and
         *     `csrf_token` (a page reloaded by the dashboard reads it here). Counts as activity for the
         *     idle expiry. Only the cookie authenticates it (a key has no session). Without a live session
         *     (no cookie, signed out, expired, or the user disabled or removed) it answers 401
         *     `missing_credentials`.
         */
        get: operations["getCurrentSession"];
        put?: never;
        post?: never;
        /**
         * Sign out
         * @description Ends the session named by the `vt_session` cookie at once (in every server process) and
         *     clears the cookie. Like every state-changing request made with a session, it sends the
         *     session's `X-CSRF-Token` (403 `invalid_csrf_token` otherwise). Only the cookie authenticates
         *     it; without a live session (already signed out, or expired) it answers 401
         *     `missing_credentials`, and there is nothing left to end.
         */
        delete: operations["deleteCurrentSession"];
        options?: never;
        head?: never;
        /**
         * Switch the session's mode
         * @description Switches the session between the account's live data (`"livemode": true`) and its test data
         *     (`"livemode": false`, see `Livemode`); every later request of the session acts in that mode,
         *     with the user's role, until it is switched back. The dashboard's "Test mode" switch. Like
         *     every state-changing request made with a session, it sends the session's `X-CSRF-Token`.
         *     Only the cookie authenticates it (a key's mode is its own: 401 `missing_credentials`).
         */
        patch: operations["updateCurrentSession"];
        trace?: never;
    };
    "/v1/sessions/current/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your own password
         * @description The signed-in user changes their password: `current_password` must be the password they
         *     sign in with (403 `incorrect_password` otherwise; each wrong one counts as a failed sign-in
         *     of the user's email, and while that email's sign-ins are throttled this answers 429
         *     `rate_limit_exceeded` with `Retry-After`). `new_password` must follow the password policy
         *     (see `Password`: 12 to 200 characters, not common, not easily guessed, not containing the
         *     user's email name or name: 400 `invalid_value` with `param` `new_password`). The user's other
         *     sessions end at once; this one goes on. Like every state-changing request made with a
         *     session, it sends the session's `X-CSRF-Token`. Only the cookie authenticates it (a key has
         *     no password: 401 `missing_credentials`). Recorded in the audit log (`user.password_changed`).
         */
        post: operations["changeOwnPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dashboard users
         * @description The account's users, newest first (without password hashes).
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a dashboard user
         * @description Adds a person to the account's dashboard with a role: `owner` (every scope, and managing
         *     users), `admin` (every scope but `users:manage`), `developer` (orders, customers and
         *     carriers read and write, `webhooks:manage`, `keys:manage`), `viewer` (every `:read` scope but
         *     `accounting:read` and `audit:read`). With `password` (the password policy of `Password`: 12 to
         *     200 characters, not common or easily guessed) the user signs in with it; without one, an initial password is generated and returned this once in
         *     `initial_password`, to hand over to the person (an invitation). Passwords are stored only as
         *     scrypt hashes. An email is unique within the account (409 `duplicate_user`); another account
         *     may have a user with the same email.
         *     A credential gives only a role whose every scope it holds (403 `insufficient_scope`, `param`
         *     `role`, naming what it lacks): `users:manage` alone makes no user, and only a credential
         *     holding every scope makes an owner. Recorded in the audit log.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a dashboard user
         * @description The dashboard user by its id (never the password). A user of another account is 404.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Remove a dashboard user
         * @description Removes the user and ends their sessions at once, and revokes every API key and OAuth client
         *     they made (and those made with them). The last enabled owner cannot be removed (409
         *     `last_owner`); a credential removes only a user whose role's scopes it holds (403
         *     `insufficient_scope`). Recorded in the audit log, each revocation too.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Update a dashboard user
         * @description Changes the user's name, role or `disabled` flag. A new role applies from the user's next
         *     request; disabling a user ends their sessions at once. The account always keeps at least one
         *     enabled owner: demoting or disabling the last one answers 409 `last_owner`.
         *     A credential changes only a user whose role's scopes it holds, and gives only a role whose
         *     scopes it holds (403 `insufficient_scope`). What the user made ends with their access:
         *     disabling them revokes every API key and OAuth client they made (and those made with them),
         *     which stay revoked if the user is enabled again; a new role that reaches less revokes those
         *     that reach beyond it. Each revocation is recorded in the audit log, as is the change.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/users/{user_id}/reset_password": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a dashboard user's password
         * @description Gives the user a new generated password, returned this once in `initial_password` (as when
         *     a user is created without one), to hand over to the person; the old password stops working
         *     and every session of the user ends at once. A credential resets only a user whose role's
         *     scopes it holds itself (403 `insufficient_scope` otherwise, as for disabling or removing the
         *     user). Recorded in the audit log (`user.password_reset`).
         */
        post: operations["resetUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit log entries
         * @description The account's privileged actions, newest first: who (`actor`) did what (`action`) to which
         *     resource (`target`), from which request and address. The log is append-only; entries are
         *     never changed or removed. Filters combine (all must match).
         */
        get: operations["listAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_logs/{audit_log_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The audit log entry's id. */
                audit_log_id: components["schemas"]["AuditLogId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an audit log entry
         * @description One audit log entry by its id. Another account's entry is 404.
         */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description Newest first, optionally filtered. Filters combine with AND.
         */
        get: operations["listInvoices"];
        put?: never;
        /**
         * Create an invoice
         * @description Creates an invoice for a customer from its lines, numbered `INV-000001`, `INV-000002` ... with no
         *     gap within the account, and fires `invoice.created`. The server computes every amount: each line's
         *     `amount` (`quantity` x `unit_amount`), `subtotal`, `amount_due`, `amount_paid` (0) and
         *     `amount_remaining`. A line may bill an order (`order_id`, an order of the same customer, once per
         *     invoice; otherwise 409 `reference_conflict`); an order is billed by at most one invoice that is not
         *     `VOID` (409 `order_already_billed`). The invoice is
         *     created `DRAFT`, or `SENT` at once with `send` (`true`, or how and to whom as in
         *     `POST /v1/invoices/{id}/send`): then `invoice.sent` follows `invoice.created`, the invoice
         *     goes out as `POST /v1/invoices/{id}/send` says, and the ledger posts it.
         */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an invoice
         * @description The invoice by its id, with its lines and what is paid and remaining. Another account's invoice is 404.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a draft invoice
         * @description Changes only the fields given; `lines`, when given, replace every line and the amounts are
         *     computed again. Only a `DRAFT` invoice can be edited; any other status answers 409
         *     `invalid_state_transition`.
         */
        patch: operations["updateInvoice"];
        trace?: never;
    };
    "/v1/invoices/{invoice_id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send (or resend) an invoice
         * @description Sends a `DRAFT` invoice to the customer and records how and to whom: by email to `email`, by
         *     post to `address`, or with `sent_via` alone to the customer's email (`email`) or billing address
         *     (`post`); with no body, to the customer's email, else its billing address. The invoice becomes
         *     `SENT`, `invoice.sent` fires, and the ledger posts it: each line of a delivered order moves
         *     from `unbilled_receivables` to `accounts_receivable` (revenue adjusted by what the line bills
         *     above or below the order's price); a line of an order not delivered yet, or of no order, is
         *     held in `deferred_revenue` until its order is delivered.
         *
         *     Sending writes a message in the same transaction (`delivery`, and `GET /v1/messages`): by
         *     email, the invoice PDF attached, delivered by the mail worker with retries (10 s, 1 min,
         *     5 min, 30 min, 2 h, 6 h after each temporary failure; a permanent refusal fails it at once and
         *     fires `invoice.delivery_failed`); by post, the PDF joins the print queue. On a `SENT` invoice
         *     the same call sends it again (a new message, to the recipient given or the one of the last
         *     message), without changing the invoice or firing an event; use `Idempotency-Key` to make a
         *     retried call send once. A `PAID` or `VOID` invoice answers 409 `invalid_state_transition`.
         */
        post: operations["sendInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoice_id}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        /**
         * The invoice as a PDF
         * @description The invoice as the customer sees it, rendered from its current state (paid and remaining
         *     amounts included): the brokerage's details (`GET /v1/account`), the number and dates, the
         *     customer's billing address, every line with its load (route and vehicles, year make model
         *     VIN), the totals. The same state always renders the same bytes. What was sent in a message is
         *     kept as it was sent (`GET /v1/messages/{id}/attachments/{index}.pdf`).
         */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoice_id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void an invoice
         * @description Voids a `SENT` invoice that no payment has been applied to: it becomes `VOID`, `invoice.voided`
         *     fires, the ledger reverses what the invoice posted (each line's order returns to
         *     `unbilled_receivables` at its price when it is delivered, to nothing when it is not), the
         *     orders it billed can be billed again, its email or letter that has not gone out yet is
         *     withdrawn (`cancelled`: it is never sent), and the action is recorded in the audit log. A `DRAFT`, `PAID` or
         *     partly paid invoice answers 409 `invalid_state_transition`.
         */
        post: operations["voidInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments
         * @description Newest first, optionally filtered. Filters combine with AND.
         */
        get: operations["listPayments"];
        put?: never;
        /**
         * Record a payment
         * @description Records an inbound payment of a customer. A `succeeded` payment fires `payment.received` and
         *     posts to the ledger (debit cash, credit accounts receivable); with `invoice_id` it is applied to that
         *     `SENT` invoice of the same customer, lowering its `amount_remaining`; when that reaches 0 the invoice
         *     becomes `PAID` and `invoice.paid` fires, all in one transaction. A payment larger than the invoice's
         *     `amount_remaining` answers 409 `amount_exceeds_balance`; an invoice in another status, 409
         *     `invalid_state_transition`; another currency than the invoice's, 400 `invalid_value`. A payment
         *     given a `failure_reason` is a failed attempt: recorded with status `failed`, it fires
         *     `payment.failed` and changes no invoice and no balance.
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment's id. */
                payment_id: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a payment
         * @description The payment by its id. Another account's payment is 404.
         */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment's id. */
                payment_id: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that a payment was returned
         * @description Records that the bank took back a `succeeded` payment: a check that bounced, an ACH debit returned
         *     (`R01` insufficient funds ...), a card payment charged back. In one transaction the payment
         *     becomes `returned` (with `returned_at` and `return_reason`), `payment.returned` fires, the ledger
         *     reverses what the payment posted (debit accounts receivable, credit cash, at the time of the
         *     return), the invoice it paid owes the amount again (`amount_paid` lowered; a `PAID` invoice is
         *     `SENT` again, `paid_at` null, `invoice.reopened` fires after `payment.returned`, and it goes
         *     past due like any other, though an invoice already announced `invoice.overdue` is not
         *     announced again), and the action is recorded in the audit log. Reports read the payment as received from `created` until `returned_at`. A
         *     `failed` payment, or one already returned, answers 409 `invalid_state_transition`; the payment
         *     is returned whole (a bank returns the whole item). A key pinned to an API version before
         *     `2026-12-01` reads a returned payment as `failed` and finds it with `status=failed`.
         */
        post: operations["returnPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carrier_payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List carrier payments
         * @description Newest first, optionally filtered. Filters combine with AND.
         */
        get: operations["listCarrierPayments"];
        put?: never;
        /**
         * Pay a carrier
         * @description Pays a carrier for one or more of its `delivered` orders: `amount` is the sum of their
         *     `carrier_pay`. An order is paid at most once (409 `order_already_paid`); an order that is not
         *     delivered answers 409 `invalid_state_transition`; an order of another carrier, or without
         *     `carrier_pay`, 400 `invalid_value`. The payment is `sent`, `carrier_payment.sent` fires, the ledger
         *     debits carrier payable and credits cash, and the action is recorded in the audit log. A
         *     remittance advice (PDF, `remittance_pdf`) is emailed to the carrier's `contact_email` by the
         *     mail worker (`remittance`, and `GET /v1/messages`), written in the same transaction.
         */
        post: operations["createCarrierPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carrier_payments/{carrier_payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a carrier payment
         * @description The carrier payment by its id, with the orders it paid. Another account's payment is 404.
         */
        get: operations["getCarrierPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carrier_payments/{carrier_payment_id}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        /**
         * The remittance advice of a carrier payment, as a PDF
         * @description What the payment paid, load by load (route, vehicles, delivery date, carrier pay), with the
         *     method, reference and total, and the brokerage's details. The same state always renders the
         *     same bytes.
         */
        get: operations["getCarrierPaymentPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carrier_payments/{carrier_payment_id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a carrier payment recorded by mistake
         * @description For a carrier payment recorded by mistake (no money left, or it was recorded twice): the
         *     payment gets `voided_at` and `void_reason` and pays for nothing any more, so its orders can
         *     be paid again (and reopened); `carrier_payment.voided` fires; the ledger posts the reverse of
         *     the payment (Dr `cash`, Cr `carrier_payable`, kind `carrier_payment_voided`) at the time of the
         *     void, never deleting the entry it reverses, so the carrier is owed the amount again; the
         *     remittance advice email is withdrawn if it has not gone out (it keeps its status otherwise),
         *     and the remittance PDF is marked VOID; the void is recorded in the audit log
         *     (`carrier_payment.voided`), in one transaction. A payment already voided answers 409
         *     `invalid_state_transition`.
         */
        post: operations["voidCarrierPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger_entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger entries
         * @description The lines of the general ledger, newest first. Every money movement writes one journal entry of
         *     two or more lines (the lines share `journal_entry_id`) whose debits equal its credits; the database
         *     refuses to commit any other. Filters combine with AND.
         */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger_balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Trial balance
         * @description The balance of every ledger account in one currency, from every line posted up to `as_of`
         *     (inclusive; now by default). Total debits always equal total credits.
         */
        get: operations["getLedgerBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List messages
         * @description Every message the service made, newest first: emails (invoices to customers, remittance
         *     advice and rate confirmations to carriers) and letters (invoices sent by post). A message is
         *     written in the transaction of what caused it, so none is lost; the mail worker delivers the
         *     emails (`SMTP_URL`), with retries, and keeps each one's status, attempts and the mail
         *     server's last answer. Without `SMTP_URL` the messages are kept, and none leaves the machine
         *     (they stay `queued` until a worker with a mail server sends them). Filters combine with AND.
         *     A message about an order (`rate_confirmation`, `order_*`) carries the order, so it is listed
         *     only to a credential that also holds `orders:read`; filtering by such a `kind` without it is
         *     403 `insufficient_scope`.
         */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a message
         * @description An outgoing message (an invoice, a remittance advice, a rate confirmation or a notice about
         *     a load sent by email, or a letter for the post) by its id, with its delivery status. Another
         *     account's message is 404; a message about an order (`rate_confirmation`, `order_*`) without
         *     `orders:read` is 403 `insufficient_scope`, here, for its attachment and for sending it.
         */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{message_id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a kept email
         * @description Sends an email of live mode that was `kept` because no mail server was configured when it
         *     was written (no `SMTP_URL`): it becomes `queued`, due at once, and the mail worker delivers
         *     it as any other (its retries, its `Message-ID`, its attachment as it was written). Emails kept
         *     that way are never sent by themselves, not even once `SMTP_URL` is set: an invoice written
         *     during a trial is not mailed weeks later unasked. Refused with 409
         *     `invalid_state_transition` for a message that is not a kept email of live mode (a letter, a
         *     message already queued, sent, failed or cancelled, a message of test mode, which is never
         *     sent), and while this server has no mail server itself (the message says so).
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{message_id}/attachments/{attachment_index}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
                /** @description The attachment's place in `attachments`, from 0. */
                attachment_index: number;
            };
            cookie?: never;
        };
        /**
         * Download an attachment of a message
         * @description The attachment exactly as it was sent: the same bytes, whose SHA-256 is the attachment's
         *     `sha256`, whatever happened to its invoice, payment or order since.
         */
        get: operations["getMessageAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/print_queue/letters.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The letters waiting to be posted, as one PDF
         * @description The letters (invoices sent by post) still `queued`, oldest first, at most 200, in one PDF to
         *     print: each letter starts on a new page, with the recipient's address where a window envelope
         *     shows it. With `date`, only the letters made that day (UTC). Once posted, mark them
         *     (`POST /v1/print_queue/mark_mailed`); the next 200, if more wait, come with the next call.
         *     No letter waiting answers 404 `resource_missing`.
         */
        get: operations["getPrintQueueLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/print_queue/mark_mailed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark letters as posted
         * @description Records that the letters were put in the post: each becomes `sent` (`sent_at` now). Every id
         *     must name a `queued` letter of the account (404 `resource_missing` for an unknown one, 409
         *     `invalid_state_transition` for an email or a letter already marked); nothing is marked
         *     unless all can be.
         */
        post: operations["markLettersMailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the account's settings
         * @description The brokerage's own details, which every document the service makes carries (invoices,
         *     remittance advice, rate confirmations, bills of lading): legal name, address, phone, email,
         *     where customers send payments (`remit_to`, else `address`) and how to pay
         *     (`payment_instructions`). Until `legal_name` is set, documents carry the account's `name`.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the account's settings
         * @description Changes only the fields given; `null` clears one. Documents made afterwards carry the new
         *     details; those already sent keep what they were sent with.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (client credentials grant)
         * @description RFC 6749 §4.4. The client authenticates with HTTP Basic (`client_id:client_secret`) or with
         *     `client_id` and `client_secret` in the form. `scope` (space-separated) asks for a subset of the
         *     client's scopes; omitted, the token gets all of them. The token (`oat_...`, opaque) lives one
         *     hour, carries the granted scopes and the client's pinned API version, and is refused once the
         *     client is revoked. Errors follow RFC 6749 §5.2 (`{error, error_description}`, not the usual
         *     envelope). Answers carry `Cache-Control: no-store`.
         */
        post: operations["createOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Introspect an access token
         * @description RFC 7662. The client authenticates with HTTP Basic (or `client_id`/`client_secret` in the
         *     form) and may introspect only its own tokens: an unknown, expired or revoked token, a token
         *     of another client, or anything that is not an access token (an API key included) answers
         *     `{"active": false}`.
         */
        post: operations["introspectOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI document (JSON)
         * @description The OpenAPI 3.1 document of the REST API, bundled into one file: the current version's, or with `version` an older supported version's (its answers as that version renders them). Unauthenticated.
         */
        get: operations["getOpenApiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi-3.0.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI document as OpenAPI 3.0 (JSON)
         * @description This document rendered as OpenAPI 3.0.3, for generators that do not read 3.1 yet, derived
         *     from it by `npm run generate` (@apiture/openapi-down-convert, then the rest by hand):
         *     `const` becomes a one-value `enum`, `examples` in schemas `example`, a `null` type or a
         *     `null` branch of `oneOf` becomes `nullable: true`, and each resource's `object` type (a
         *     one-value `enum`) is a named schema it refers to (`OrderObject`, `ListObject`: generators
         *     that make an enum of an inline enum name it after its property, and `object` is not a name
         *     TypeScript allows an enum). What 3.0 cannot say is left out, and the
         *     server still enforces it: the rule of metadata keys and of the OAuth forms' other field
         *     names (`propertyNames`), and the VIN's pattern
         *     by model year (`if`/`then`: the 17-character pattern then holds only in this document's
         *     description).
         */
        get: operations["getOpenApi30Json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI document (YAML)
         * @description The same document as `/openapi.json`, as YAML. Unauthenticated.
         */
        get: operations["getOpenApiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/asyncapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AsyncAPI document of the webhook events (JSON)
         * @description The AsyncAPI 3.0 document of the webhook events (every event type, its payload and the signed delivery): the current version's, or with `version` an older supported version's. Unauthenticated.
         */
        get: operations["getAsyncApiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/asyncapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AsyncAPI document of the webhook events (YAML)
         * @description The same document as `/asyncapi.json`, as YAML. Unauthenticated.
         */
        get: operations["getAsyncApiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HTML reference documentation
         * @description The reference, pre-rendered so it reads without scripts. Its scripts (search, expanding
         *     schemas, samples) come from this server only (`/docs/assets/{asset}`), so it works offline and
         *     behind a proxy that allows nothing else; no script is inline, and the page carries a
         *     Content-Security-Policy that allows scripts from this origin only.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A script of the reference documentation
         * @description The scripts `/docs` loads: the Redoc bundle (from the npm package the server is installed
         *     with) and the page's own. Names are content-addressed (a name always means the same bytes),
         *     so answers may be cached for a year.
         */
        get: operations["getApiReferenceAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description 200 while the process is running and serving HTTP. A worker process (`ROLE=worker`) serves no
         *     API but answers this path on its `PORT` too, with the same body and none of the API's headers
         *     (no `Request-Id`, `Service-Version` or rate limit): it is a probe of that process, outside this document.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description 200 when the database answers and migrations are applied; 503 otherwise (or while shutting down).
         *     A worker process (`ROLE=worker`) serves no API but answers this path on its `PORT` too, with
         *     the same bodies (ready once its loops run) and none of the API's headers (no `Request-Id`,
         *     `Service-Version` or rate limit): it is a probe of that process, outside this document.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description The process's metrics, for a Prometheus scraper. Who may read them on the API's port is the
         *     operator's setting: with `METRICS_TOKEN` set, only a request carrying
         *     `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with `METRICS_PORT` set, the
         *     metrics are on a listener of their own and this path answers 404 here; in production without
         *     either, 404; in development without either, anyone.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/orders/{order_id}/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a test order to delivered
         * @description Takes a test order through every step it has left, in one transaction, as the real calls
         *     would: `dispatch` (to `carrier_id`, needed while the order is `pending`), `pickup`, then
         *     `deliver` (signed by `signed_by`, "Test Receiver" by default), with each step's event and
         *     its postings. An order already `delivered` is answered as it is. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["testHelpersDeliverOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a test payment that fails or that the bank returns
         * @description Records, in one call and one transaction, a payment of a test customer with the outcome
         *     asked for, through the same code as the real calls: `failed` records a failed attempt
         *     (`POST /v1/payments` with a `failure_reason`: `payment.failed`, no balance changed);
         *     `returned` records a succeeded payment (applied to `invoice_id` when given: `payment.received`,
         *     and `invoice.paid` when it settles the invoice) and then its return by the bank
         *     (`POST /v1/payments/{id}/return`: `payment.returned`, the invoice owes it again and
         *     `invoice.reopened` fires when it was paid, the ledger's reversal, the audit entry). `reason`
         *     is the failure's or the return's reason ("Insufficient funds (test)" and
         *     "R01: insufficient funds (test)" by default). The rules and refusals are those of the real
         *     calls. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["testHelpersCreatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/carriers/{carrier_id}/registry_record": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a test carrier's registry record
         * @description Changes what the test registry says of a test carrier's DOT number from its next read on
         *     (vetting, `POST /v1/carriers/{id}/monitor`, the daily monitoring): authority revoked, out of
         *     service, insurance under the minimum or cancelled, not found, a new phone and address
         *     (`contact_changed`: new ones each time it is asked), or back in good standing (`passes`). The
         *     change holds until another one. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["testHelpersChangeRegistryRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an event of any type happen
         * @description Makes an event of `type` happen in test mode the way it happens for real: the objects it is
         *     about are made through the same code as the API's calls (a customer and an order, a carrier
         *     vetted against the test registry, an invoice and its payment, ...), so every id in its payload
         *     exists, and the events that lead to it happen too (an `order.delivered` follows
         *     `order.created`, `order.dispatched` and `order.in_transit`). Each reaches the webhook
         *     endpoints of test mode as any event does. Answers the event asked for, every event made, and
         *     the objects made. `webhook_endpoint.test` needs an enabled endpoint (409
         *     `invalid_state_transition` without one). Besides `webhooks:manage`, the caller needs the
         *     scopes of what is made (403 `insufficient_scope` naming them): `orders:write` and
         *     `customers:write` for orders, `carriers:write` for carriers (and for an order's carrier),
         *     `accounting:write` and `customers:write` for invoices and payments. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["testHelpersTriggerEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_listeners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a listener (events to a laptop)
         * @description The listener of `vehicle-transport listen`: a webhook endpoint of test mode named `name` (the
         *     machine's name by default) whose events are not sent by the service but fetched by the
         *     command (`POST /v1/webhook_endpoints/{id}/listen`) and posted to a local URL. Opened again with
         *     the same name, it is the same endpoint, with the same signing `secret` (answered each time),
         *     its `enabled_events` and `url` (where the command forwards, for people reading it) updated.
         *     Its status is `disabled` (`disabled_reason: listener`): the service itself never sends it
         *     anything, and it cannot be enabled. Test mode only: a live key is answered 404 `route_not_found`.
         */
        post: operations["openWebhookListener"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/listen": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take the next events of a listener
         * @description The events of test mode the listener subscribes to, each as a delivery to forward: its
         *     payload and the signature headers to send with it (made with the listener's secret). Waits
         *     up to `wait_seconds` (25 at most) for the first one, then answers at once. Each delivery is
         *     leased for 60 seconds and 12 more for each delivery of the batch: reported
         *     (`.../deliveries/{id}/result`) it is done; not reported in time, it is answered again. The
         *     deliveries are made with their events, as for any endpoint, until an hour after the
         *     listener last asked: what happened while no command listened within that hour (and anything
         *     replayed to the listener) is answered first. Test mode only: a live key is answered 404 `route_not_found`.
         *     Needs the scopes of every event type the listener receives, read again whenever something is
         *     due: a credential revoked while it waits is answered 401, and one that may no longer read
         *     all of it (a stronger credential widened the listener meanwhile) 403 `insufficient_scope`.
         */
        post: operations["listenWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{webhook_endpoint_id}/deliveries/{webhook_delivery_id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
                /** @description The delivery's id. */
                webhook_delivery_id: components["schemas"]["WebhookDeliveryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report what the local receiver answered
         * @description Records the attempt the command made for a listener's delivery: the local receiver's status
         *     and the first KiB of its answer, or why there was none. A 2xx makes the delivery `succeeded`,
         *     anything else `permanently_failed` (a listener does not retry: replay the event to send it
         *     again). The endpoint's delivery log shows it as any attempt. A delivery already reported
         *     answers 409 `invalid_state_transition`. Test mode only: a live key is answered 404 `route_not_found`.
         */
        post: operations["recordWebhookListenerResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List test clocks
         * @description Newest first. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        get: operations["listTestClocks"];
        put?: never;
        /**
         * Create a test clock
         * @description A clock of test mode, frozen at `frozen_time`. Customers, orders, carriers and webhook
         *     endpoints created with `test_clock` set to its id live on its time: they are created at the
         *     clock's time, nothing that happens by itself in real time (webhook retries, carrier
         *     monitoring, compliance expiries, invoices going past due, endpoint health) touches them, and
         *     `POST /v1/test_helpers/test_clocks/{id}/advance` makes it all happen, in order, up to the new
         *     time. `frozen_time` may lie at most 7 days before now and 366 days after (400
         *     `invalid_value`); an account has at most 100 clocks, a clock at most 100 objects of each
         *     kind (409 `test_clock_limit`). Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["createTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks/{test_clock_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test clock's id. */
                test_clock_id: components["parameters"]["TestClockIdPath"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a test clock
         * @description The clock, its time and whether it is advancing. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        get: operations["getTestClock"];
        put?: never;
        post?: never;
        /**
         * Delete a test clock and what lives on it
         * @description Deletes the clock with the customers, orders, carriers and webhook endpoints created on it,
         *     in one transaction, with what belongs to them: their invoices and invoice lines, payments,
         *     carrier payments, ledger lines, messages, registry reads, compliance alerts, the test
         *     registry's records of its carriers' DOT numbers (a carrier made later with one of them starts
         *     afresh) and the webhook deliveries of its endpoints. Events already recorded stay in the event log (as deleted
         *     objects' events do). A clock that is advancing answers 409 `invalid_state_transition`.
         *     Deleting takes away what lives on the clock, so besides `orders:write` (its customers and
         *     orders) it needs `carriers:write` when carriers live on it, `accounting:write` when its
         *     customers have invoices or payments or its carriers carrier payments, and for each webhook
         *     endpoint on it the scopes of every event the endpoint receives: 403 `insufficient_scope`
         *     naming what is missing otherwise.
         *     Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        delete: operations["deleteTestClock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/test_clocks/{test_clock_id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test clock's id. */
                test_clock_id: components["parameters"]["TestClockIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance a test clock
         * @description Moves the clock forward to `frozen_time` (never back; at most 90 days in one call, and at
         *     most 366 days after now; otherwise 400 `invalid_value`). Answers at once with the clock
         *     `advancing` (event `test_helpers.test_clock.advancing`); in the background, everything due
         *     on the clock's objects between its old time and the new one then happens in time order, each
         *     thing at its own time on the clock: webhook deliveries to its endpoints and their retries on
         *     the schedule (30 s, 5 min, 30 min, 6 h, 24 h, then `permanently_failed`; each attempt is a
         *     real request to the endpoint, recorded at the clock's time), an endpoint failing for 5 days
         *     disabled, monitoring reads of its carriers (the test registry) with their alerts and
         *     suspensions, compliance expiries, invoices of its customers going past due, and the
         *     retention of the clock's events (kept 30 days after their week, as in real time). Then the
         *     clock is `ready` at `frozen_time` (event `test_helpers.test_clock.ready`). Advancing in
         *     steps or in one call makes the same things happen at the same times. A clock already
         *     advancing answers 409 `invalid_state_transition`. Test mode only: with a live key it answers 404 `route_not_found`, as a path that does not exist.
         */
        post: operations["advanceTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account's test data
         * @description Removes every object of the account's test mode, in the background: customers, orders,
         *     carriers and their registry reads and alerts, invoices, payments, carrier payments, the test
         *     ledger, messages, events, webhook deliveries, test clocks and the webhook endpoints on them.
         *     Keys, OAuth clients, other webhook endpoints and their secrets, users, the audit log and
         *     everything of live mode are left as they are. Answers
         *     the deletion at once (`202`); `GET /v1/test_data/deletions/{id}` follows it to `succeeded`,
         *     with what it has removed so far. One deletion at a time per account: asked again from the same
         *     mode while one is under way, it answers that one; from the other mode, 409
         *     `invalid_state_transition`. A deletion that cannot finish (the database unavailable through
         *     every retry) ends `failed`, and a new one may be asked for. Owners only: `users:manage` and
         *     every other scope, since it takes away what every scope reaches (403 `insufficient_scope`
         *     otherwise); recorded in the audit log of the caller's mode.
         */
        delete: operations["deleteTestData"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_data/deletions/{test_data_deletion_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deletion's id. */
                test_data_deletion_id: components["schemas"]["TestDataDeletionId"];
            };
            cookie?: never;
        };
        /**
         * Follow a deletion of test data
         * @description How far a deletion of the account's test data has gone.
         */
        get: operations["getTestDataDeletion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Customer id (`cus_` + ULID).
         * @example cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E
         */
        CustomerId: string;
        /**
         * @description Test clock id (`clk_` + ULID).
         * @example clk_01JF3QM6N8P0Q2R4S6T8V0W2X4
         */
        TestClockId: string;
        /**
         * Format: binary
         * @description A PDF document (`%PDF-1.x`), US Letter, fonts embedded.
         */
        PdfDocument: string;
        /**
         * @description Order id (`ord_` + ULID).
         * @example ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B
         */
        OrderId: string;
        /**
         * @description Carrier id (`car_` + ULID).
         * @example car_01JF3QC4D6F8H0J2K4M6N8P0Q2
         */
        CarrierId: string;
        /**
         * @description Request id (`req_` + ULID).
         * @example req_01JF3QB2X4Y6Z8A0C2E4G6J8K0
         */
        RequestId: string;
        /**
         * @description Unix time in seconds.
         * @example 1764547200
         */
        UnixTime: number;
        /**
         * Format: date
         * @description A real calendar date, `YYYY-MM-DD`.
         * @example 2026-12-01
         */
        CalendarDate: string;
        /**
         * Currency
         * @description Lower-case ISO 4217 code.
         * @example usd
         * @enum {string}
         */
        Currency: "usd";
        /**
         * @description An amount in minor units (cents).
         * @example 145000
         */
        AmountCents: number;
        /**
         * @description Phone number in E.164 international format.
         * @example +13125550142
         */
        PhoneE164: string;
        /**
         * Format: email
         * @example dispatch@acme-auto.example
         */
        Email: string;
        /**
         * StateCode
         * @description USPS two-letter code of a US state, the District of Columbia or a territory.
         * @example IL
         * @enum {string}
         */
        StateCode: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "DC" | "AS" | "GU" | "MP" | "PR" | "VI";
        /**
         * @description Five-digit ZIP code.
         * @example 60601
         */
        Zip: string;
        /**
         * @description Free text: any Unicode except NUL (U+0000) and unpaired UTF-16 surrogates (U+D800 to U+DFFF
         *     not part of a pair), which PostgreSQL cannot store. Such text answers 400 `invalid_value`.
         *     Fields that accept free text use this schema (with their own length bounds).
         *
         *     The pattern names the surrogates by the range U+D7FF to U+E000 around them, its two ends
         *     allowed again: engines that read strings as Unicode scalar values (Rust's, used by
         *     jsonschema-rs and pydantic) refuse a pattern that names a surrogate, and cannot hold one
         *     anyway, while an ECMA-262 engine with the `u` flag reads an unpaired surrogate as a code
         *     point of that range.
         */
        Text: string;
        /** @description A single line of text (no control characters; otherwise as `Text`). */
        Line: string;
        /**
         * @description Up to 50 string key-value pairs for the integrator's own use (keys up to 40 characters,
         *     values up to 500). Not used by the service.
         * @example {
         *       "crm_id": "4411"
         *     }
         */
        Metadata: {
            [key: string]: string & components["schemas"]["Text"];
        };
        /**
         * @description Keys to set; a `null` value removes the key.
         * @example {
         *       "crm_id": "4412"
         *     }
         */
        MetadataUpdate: {
            [key: string]: components["schemas"]["Text"] | null;
        };
        /**
         * TimeRange
         * @description Inclusive range of Unix seconds.
         * @example {
         *       "gte": 1764547200,
         *       "lte": 1767225599
         *     }
         */
        TimeRange: {
            gte?: components["schemas"]["UnixTime"];
            lte?: components["schemas"]["UnixTime"];
        };
        /**
         * Error
         * @description The error envelope of every error response.
         * @example {
         *       "error": {
         *         "type": "validation_error",
         *         "code": "missing_required_field",
         *         "message": "Missing required field: customer_id.",
         *         "param": "customer_id",
         *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
         *       }
         *     }
         */
        Error: {
            /** @description What went wrong: its `type` (the class, fixed by the status), `code`, `message`, the `param` at fault and the `request_id`. */
            error: {
                /**
                 * ErrorType
                 * @description The class of error, fixed by the status (`validation_error` for 400, `authentication_error` for 401 ...).
                 * @enum {string}
                 */
                type: "validation_error" | "authentication_error" | "permission_error" | "not_found_error" | "invalid_request_error" | "conflict_error" | "rate_limit_error" | "api_error";
                /** @description Specific, stable code (the `ErrorCode` values). New codes are added as the API grows, without a new API version: handle an unknown code by its `type`. */
                code: components["schemas"]["ErrorCode"] | string;
                /** @description Human-readable explanation. */
                message: string;
                /** @description The offending parameter or field (JSON path like `vehicles[0].vin` for nested fields). */
                param?: string;
                request_id: components["schemas"]["RequestId"];
            };
        };
        /**
         * ErrorCode
         * @description Specific, stable code (listed in the API reference). New codes are added as the API grows, without a new API version: handle an unknown code by its `type`. Answers and event payloads give it as an open string (`anyOf: [ErrorCode, string]`).
         * @enum {string}
         */
        ErrorCode: "missing_required_field" | "invalid_value" | "invalid_format" | "unknown_field" | "invalid_json" | "invalid_cursor" | "invalid_vin" | "missing_credentials" | "invalid_api_key" | "invalid_token" | "expired_token" | "insufficient_scope" | "resource_missing" | "route_not_found" | "method_not_allowed" | "invalid_state_transition" | "carrier_not_active" | "duplicate_carrier" | "endpoint_not_subscribed" | "endpoint_disabled" | "idempotency_key_reused" | "idempotency_key_in_use" | "payload_too_large" | "unsupported_media_type" | "rate_limit_exceeded" | "internal_error" | "invalid_client" | "invalid_scope" | "unsupported_grant_type" | "invalid_credentials" | "invalid_csrf_token" | "duplicate_user" | "last_owner" | "amount_exceeds_balance" | "order_already_billed" | "order_already_paid" | "reference_conflict" | "service_unavailable" | "registry_unavailable" | "livemode_mismatch" | "test_clock_limit" | "incorrect_password";
        /** Health */
        Health: {
            /**
             * HealthStatus
             * @description Always `ok`.
             * @enum {string}
             */
            status: "ok";
        };
        /** Readiness */
        Readiness: {
            /**
             * ReadinessStatus
             * @description `ready` when the database answers and the migrations are applied.
             * @enum {string}
             */
            status: "ready" | "not_ready";
            /**
             * DatabaseStatus
             * @description Whether the database answers.
             * @enum {string}
             */
            database: "ok" | "unavailable";
        };
        /**
         * PostalAddress
         * @description A US postal address.
         * @example {
         *       "address1": "100 N Main St",
         *       "city": "Chicago",
         *       "state": "IL",
         *       "zip": "60601"
         *     }
         */
        PostalAddress: {
            address1: components["schemas"]["Line"];
            address2?: components["schemas"]["Line"] | null;
            city: components["schemas"]["Line"];
            state: components["schemas"]["StateCode"];
            zip: components["schemas"]["Zip"];
        };
        /**
         * Customer
         * @description A customer (shipper) of the brokerage.
         */
        Customer: {
            id: components["schemas"]["CustomerId"];
            /**
             * @description The kind of object: always `customer`.
             * @constant
             */
            object: "customer";
            livemode: components["schemas"]["Livemode"];
            /** @description The test clock the customer lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none. */
            test_clock: components["schemas"]["TestClockId"] | null;
            /** @description The customer's name, as printed on its invoices. */
            name: string;
            /** @description The customer's email address (an invoice sent without an address goes to it); null when not set. */
            email: string | null;
            /** @description The customer's phone number (E.164); null when not set. */
            phone: string | null;
            billing_address: components["schemas"]["PostalAddress"] | null;
            notifications: components["schemas"]["CustomerNotifications"];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /**
         * CustomerNotificationMoment
         * @description A moment of a load the customer can be emailed at: `dispatched` (a carrier is assigned), `picked_up`, `delivered` (with the signed bill of lading attached).
         * @enum {string}
         */
        CustomerNotificationMoment: "dispatched" | "picked_up" | "delivered";
        /**
         * CustomerNotifications
         * @description The emails the customer gets about its loads, each with the load's tracking link: at the
         *     `moments` listed, to `email` (null: the customer's own `email`; with neither, none is sent).
         *     A new customer gets the delivery email only. An email not sent yet is withdrawn when the load
         *     is cancelled; in test mode they are kept, never sent. Each one is a message
         *     (`GET /v1/messages?subject_id=<order id>`) with its delivery status.
         */
        CustomerNotifications: {
            /** @description The moments of a load the customer is emailed at (empty when none). */
            moments: components["schemas"]["CustomerNotificationMoment"][];
            /** @description Where the emails go; null sends them to the customer's own `email`. */
            email: components["schemas"]["Email"] | null;
        };
        /**
         * CustomerNotificationsUpdate
         * @description The customer's load emails; the fields given replace theirs (`moments: []` sends none).
         * @example {
         *       "moments": [
         *         "dispatched",
         *         "delivered"
         *       ],
         *       "email": "logistics@acme-auto.example"
         *     }
         */
        CustomerNotificationsUpdate: {
            /** @description The moments of a load to email the customer at, all of them (`[]` sends none). */
            moments?: components["schemas"]["CustomerNotificationMoment"][];
            /** @description Where the emails go; null sends them to the customer's own `email`. */
            email?: components["schemas"]["Email"] | null;
        };
        /**
         * CustomerCreate
         * @example {
         *       "name": "Acme Auto Sales",
         *       "email": "dispatch@acme-auto.example"
         *     }
         */
        CustomerCreate: {
            name: components["schemas"]["Line"];
            /** @description The customer's email address (invoices are emailed to it). */
            email?: components["schemas"]["Email"];
            phone?: components["schemas"]["PhoneE164"];
            billing_address?: components["schemas"]["PostalAddress"];
            notifications?: components["schemas"]["CustomerNotificationsUpdate"];
            metadata?: components["schemas"]["Metadata"];
            /** @description A test clock (test mode) for the customer to live on; created at the clock's time, moved only by advancing the clock (at most 100 customers per clock). */
            test_clock?: components["schemas"]["TestClockId"];
        };
        /**
         * CustomerUpdate
         * @example {
         *       "phone": null
         *     }
         */
        CustomerUpdate: {
            name?: components["schemas"]["Line"];
            /** @description The customer's email address; null clears it. */
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["PhoneE164"] | null;
            billing_address?: components["schemas"]["PostalAddress"] | null;
            notifications?: components["schemas"]["CustomerNotificationsUpdate"];
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /** CustomerList */
        CustomerList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Customer"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["CustomerId"] | null;
        };
        /**
         * OrderStatus
         * @description `pending` (created) -> `dispatched` (a carrier accepted the load) -> `in_transit` (picked up)
         *     -> `delivered` (bill of lading signed); `pending` or `dispatched` -> `cancelled`.
         * @example pending
         * @enum {string}
         */
        OrderStatus: "pending" | "dispatched" | "in_transit" | "delivered" | "cancelled";
        /**
         * OrderStop
         * @description A pickup or delivery location.
         * @example {
         *       "address1": "1200 W Lake St",
         *       "city": "Chicago",
         *       "state": "IL",
         *       "zip": "60607"
         *     }
         */
        OrderStop: {
            address1: components["schemas"]["Line"];
            address2?: components["schemas"]["Line"] | null;
            city: components["schemas"]["Line"];
            state: components["schemas"]["StateCode"];
            zip: components["schemas"]["Zip"];
            contact_name?: components["schemas"]["Line"] | null;
            contact_phone?: components["schemas"]["PhoneE164"] | null;
        };
        /**
         * VehicleType
         * @example car
         * @enum {string}
         */
        VehicleType: "car" | "suv" | "pickup" | "van" | "motorcycle" | "other";
        /**
         * Vehicle
         * @description A vehicle to move. The VIN's form depends on the model year (`if`/`then`/`else` on `year`):
         *     model years 1981 and later carry the 17-character VIN of 49 CFR 565 (digits and capital
         *     letters except I, O and Q) whose check digit (position 9) is verified, a wrong one
         *     answering 400 `invalid_vin` (a rule no schema keyword can say); earlier model years, whose
         *     manufacturers used their own numbering, carry 5 to 17 capital letters and digits and no
         *     check digit is verified.
         * @example {
         *       "vin": "1HGCM82633A004352",
         *       "year": 2003,
         *       "make": "Honda",
         *       "model": "Accord"
         *     }
         */
        Vehicle: {
            /**
             * @description Model year 1981 and later: 17 characters, digits and capital letters except I, O and Q,
             *     with a valid check digit in position 9. Earlier model years: 5 to 17 capital letters
             *     and digits.
             * @example 1HGCM82633A004352
             */
            vin: string;
            /**
             * @description Model year, 1900 to next year (a later year answers 400 `invalid_value`; the bound moves each January, so the schema states only the outer limit).
             * @example 2003
             */
            year: number;
            /** @example Honda */
            make: components["schemas"]["Line"];
            /** @example Accord */
            model: components["schemas"]["Line"];
            /** @description The kind of vehicle: `car`, `suv`, `pickup`, `van`, `motorcycle` or `other`. */
            type?: components["schemas"]["VehicleType"];
            /**
             * @description Whether the vehicle cannot drive (it needs a winch to load).
             * @default false
             */
            inoperable: boolean;
        };
        /** VehicleOut */
        VehicleOut: {
            /** @description The vehicle identification number (17 characters from model year 1981). */
            vin: string;
            /** @description The model year. */
            year: number;
            /** @description The vehicle's make. */
            make: string;
            /** @description The vehicle's model. */
            model: string;
            /** @description The kind of vehicle; null when not given. */
            type: components["schemas"]["VehicleType"] | null;
            /** @description Whether the vehicle cannot drive (it needs a winch to load). */
            inoperable: boolean;
        };
        /** StopOut */
        StopOut: {
            /** @description Street address. */
            address1: string;
            /** @description Suite, unit or building; null when none. */
            address2: string | null;
            /** @description City. */
            city: string;
            state: components["schemas"]["StateCode"];
            /** @description Five-digit ZIP code. */
            zip: string;
            /** @description Who to ask for at the stop; null when not given. */
            contact_name: string | null;
            /** @description The contact's phone number (E.164); null when not given. */
            contact_phone: string | null;
        };
        /** BillOfLading */
        BillOfLading: {
            /** @description Who signed the bill of lading at delivery. */
            signed_by: string;
            signed_at: components["schemas"]["UnixTime"];
        };
        /**
         * OrderExceptionKind
         * @enum {string}
         */
        OrderExceptionKind: "delay" | "damage" | "dispute";
        /** OrderException */
        OrderException: {
            /** @description What happened: `delay`, `damage` or `dispute`. */
            kind: components["schemas"]["OrderExceptionKind"];
            /** @description What was reported; null when no note was given. */
            note: string | null;
            created: components["schemas"]["UnixTime"];
        };
        /**
         * OrderNumber
         * @description The load number people say and write (`L-000123`): given at creation, one after another in
         *     each account (test mode counts its own), never reused.
         * @example L-000123
         */
        OrderNumber: string;
        /**
         * @description The customer's own reference for the load (a PO or stock number), up to 100 characters.
         * @example PO-88123
         */
        OrderReference: components["schemas"]["Line"];
        /**
         * Order
         * @description A vehicle move.
         */
        Order: {
            id: components["schemas"]["OrderId"];
            /**
             * @description The kind of object: always `order`.
             * @constant
             */
            object: "order";
            livemode: components["schemas"]["Livemode"];
            /** @description The test clock the order lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none. */
            test_clock: components["schemas"]["TestClockId"] | null;
            number: components["schemas"]["OrderNumber"];
            /** @description The customer's own reference for the load (a PO or stock number); null for none. */
            reference: components["schemas"]["OrderReference"] | null;
            /**
             * @description The order's tracking page, for its customer: no sign-in, the link is the key (share it only
             *     with them). It shows the vehicles, the stops' cities and dates, the status in plain words,
             *     the carrier's name and, once delivered, the signed bill of lading; never the carrier pay,
             *     the price only when the account's `tracking_shows_price` is on. It stops working 30 days
             *     after delivery or cancellation, and at once when rotated
             *     (`POST /v1/orders/{order_id}/tracking_link/rotate`). Null for an order made before tracking
             *     links existed, until its next move or a rotation gives it one.
             */
            tracking_url: string | null;
            status: components["schemas"]["OrderStatus"];
            customer_id: components["schemas"]["CustomerId"];
            /** @description The carrier the order is dispatched to; null until dispatch. */
            carrier_id: components["schemas"]["CarrierId"] | null;
            /** @description Where the vehicles are picked up. */
            pickup: components["schemas"]["StopOut"];
            /** @description Where the vehicles are delivered. */
            delivery: components["schemas"]["StopOut"];
            /** @description The vehicles moved (1 to 10). */
            vehicles: components["schemas"]["VehicleOut"][];
            ready_date: components["schemas"]["CalendarDate"];
            /** @description Days after `ready_date` by which the order is due to be delivered (1 to 60). */
            delivery_window_days: number;
            /** @description What the customer pays, in cents; null when not agreed yet. */
            price: number | null;
            /** @description What the carrier is paid, in cents; null when not agreed yet. */
            carrier_pay: number | null;
            currency: components["schemas"]["Currency"];
            /** @description Recorded at delivery; null before. */
            bill_of_lading: components["schemas"]["BillOfLading"] | null;
            /** @description The exceptions reported (delays, damage, disputes), oldest first. */
            exceptions: components["schemas"]["OrderException"][];
            /** @description Why the order was cancelled; null unless `cancelled`. */
            cancellation_reason: string | null;
            cancelled_at: components["schemas"]["UnixTime"] | null;
            dispatched_at: components["schemas"]["UnixTime"] | null;
            picked_up_at: components["schemas"]["UnixTime"] | null;
            delivered_at: components["schemas"]["UnixTime"] | null;
            /**
             * @description Every time the order was reopened after a cancellation or a delivery recorded by mistake
             *     (`POST /v1/orders/{order_id}/reopen`), oldest first: the status it left, the status it went
             *     back to, when it had been cancelled or delivered, and why it was reopened. With the
             *     order's events (`GET /v1/events?object_id=`), its history: reopening clears
             *     `cancelled_at` and `cancellation_reason` (or `delivered_at` and `bill_of_lading`), and keeps them here.
             */
            reopenings: components["schemas"]["OrderReopening"][];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /**
         * OrderCreate
         * @example {
         *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
         *       "pickup": {
         *         "address1": "1200 W Lake St",
         *         "city": "Chicago",
         *         "state": "IL",
         *         "zip": "60607"
         *       },
         *       "delivery": {
         *         "address1": "500 Ocean Dr",
         *         "city": "Miami Beach",
         *         "state": "FL",
         *         "zip": "33139"
         *       },
         *       "vehicles": [
         *         {
         *           "vin": "1HGCM82633A004352",
         *           "year": 2003,
         *           "make": "Honda",
         *           "model": "Accord"
         *         }
         *       ],
         *       "ready_date": "2026-12-01"
         *     }
         */
        OrderCreate: {
            customer_id: components["schemas"]["CustomerId"];
            pickup: components["schemas"]["OrderStop"];
            delivery: components["schemas"]["OrderStop"];
            /** @description The vehicles to move (1 to 10). */
            vehicles: components["schemas"]["Vehicle"][];
            ready_date: components["schemas"]["CalendarDate"];
            /**
             * @description Days after `ready_date` by which the order is due to be delivered (1 to 60, default 7).
             * @default 7
             */
            delivery_window_days: number;
            price?: components["schemas"]["AmountCents"];
            carrier_pay?: components["schemas"]["AmountCents"];
            /** @default usd */
            currency: components["schemas"]["Currency"];
            reference?: components["schemas"]["OrderReference"];
            metadata?: components["schemas"]["Metadata"];
            /** @description A test clock (test mode) for the order to live on; created at the clock's time, moved only by advancing the clock (at most 100 orders per clock). An order lives on its customer's clock: when given, `test_clock` must be that clock. */
            test_clock?: components["schemas"]["TestClockId"];
        };
        /**
         * OrderUpdate
         * @example {
         *       "delivery_window_days": 10
         *     }
         */
        OrderUpdate: {
            pickup?: components["schemas"]["OrderStop"];
            delivery?: components["schemas"]["OrderStop"];
            /** @description The vehicles to move (1 to 10); replaces the list. */
            vehicles?: components["schemas"]["Vehicle"][];
            ready_date?: components["schemas"]["CalendarDate"];
            /** @description Days after `ready_date` by which the order is due to be delivered (1 to 60). */
            delivery_window_days?: number;
            price?: components["schemas"]["AmountCents"] | null;
            carrier_pay?: components["schemas"]["AmountCents"] | null;
            /** @description The customer's reference; null removes it. */
            reference?: components["schemas"]["OrderReference"] | null;
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /**
         * OrderCancel
         * @example {
         *       "reason": "Customer sold the vehicle before pickup."
         *     }
         */
        OrderCancel: {
            reason?: string & components["schemas"]["Text"];
        };
        /**
         * OrderReopen
         * @description Why a cancelled or delivered order is reopened.
         * @example {
         *       "reason": "Cancelled the wrong load; the customer still ships."
         *     }
         */
        OrderReopen: {
            /** @description Why the order is reopened (the mistake it corrects); kept in the order's `reopenings` and the audit log. */
            reason: string & components["schemas"]["Text"];
        };
        /**
         * OrderReopening
         * @description One reopening of an order cancelled or delivered by mistake.
         */
        OrderReopening: {
            /**
             * @description The status the order left (`cancelled` or `delivered`).
             * @enum {string}
             */
            from_status: "cancelled" | "delivered";
            /**
             * @description The status it went back to: the status it had before it was cancelled (`pending` or `dispatched`), or `in_transit` for a delivery.
             * @enum {string}
             */
            to_status: "pending" | "dispatched" | "in_transit";
            /** @description Why it was reopened. */
            reason: string;
            /** @description The reason the cancellation had given; null for a delivery, or a cancellation without a reason. */
            cancellation_reason: string | null;
            /** @description When it had been cancelled (`cancelled_at`) or delivered (`delivered_at`). */
            ended_at: components["schemas"]["UnixTime"];
            /** @description The bill of lading the delivery had recorded; null for a cancellation. */
            bill_of_lading: components["schemas"]["BillOfLading"] | null;
            /** @description When it was reopened. */
            created: components["schemas"]["UnixTime"];
        };
        /** OrderList */
        OrderList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Order"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["OrderId"] | null;
        };
        /**
         * ApiVersion
         * @description A supported API version (date-based), newest first; the newest is the default for new keys
         *     and OAuth clients. Keys, OAuth clients and webhook endpoints pin one at creation.
         *
         *     * `2027-01-15` (current): as described by this document.
         *     * `2026-12-01`: creating a test clock or a webhook listener answers 200 (no `Location`);
         *       deliveries, replays and recoveries name their endpoint `endpoint_id` (requests too); a
         *       replay, `mark_mailed` and a listener's poll answer lists; the operations report counts
         *       `created`; the receivables aging report's day is `as_of` (the query too); a carrier's
         *       expiry dates are `*_expires_on` (updates and events too), a compliance alert's `expired_on`;
         *       an invoice's and a carrier payment's PDF are at `/pdf` (`/v1/invoices/{id}/pdf`), a
         *       message's attachment at its index (`/v1/messages/{id}/attachments/0`), and the resources'
         *       URLs say so; the event-type catalog pages 100 types by default, by an `EventType` cursor,
         *       without `include[]=total_count`.
         *     * `2026-07-01`: a payment the bank returned reads as `failed` (its return's reason as
         *       `failure_reason`), since that version's payment statuses are `succeeded` and `failed`;
         *       `returned_at` and `return_reason` are there as in every version.
         *     * `2026-01-15` (private preview): as `2026-07-01`, and orders (in API answers and in event payloads) name their
         *       stops `origin` and `destination` instead of `pickup` and `delivery`. Request bodies use the
         *       current names in every version.
         *
         *     New versions are added to this list without a new version of the API: handle values you do not know.
         * @example 2027-01-15
         * @enum {string}
         */
        ApiVersion: "2027-01-15" | "2026-12-01" | "2026-07-01" | "2026-01-15";
        /**
         * @description `true` for an object of live mode, `false` for one of test mode. Each mode of an account keeps
         *     its own data: a key of one mode never sees, changes or refers to an object of the other (it is
         *     answered 404, as any missing object), and test data never reaches live mode's ledger, reports,
         *     exports, webhook endpoints or mail. The key's prefix tells its mode: `sk_live_` or `sk_test_`.
         * @example true
         */
        Livemode: boolean;
        /**
         * @description Webhook endpoint id (`we_` + ULID).
         * @example we_01JF3QE8G0J2K4M6N8P0Q2R4S6
         */
        WebhookEndpointId: string;
        /**
         * @description Webhook delivery id (`wdl_` + ULID).
         * @example wdl_01JF3QF0H2K4M6N8P0Q2R4S6T8
         */
        WebhookDeliveryId: string;
        /**
         * @description Event id (`evt_` + ULID).
         * @example evt_01JF3QD6F8H0J2K4M6N8P0Q2R4
         */
        EventId: string;
        /**
         * EventType
         * @description Every event type the service sends. New types are added without a new API version; ignore
         *     types you do not know. `webhook_endpoint.test` (an addition to the specification's eighteen
         *     types) is sent only by `testWebhookEndpoint`, to the endpoint tested; subscribing to it
         *     changes nothing. `carrier.rejected` (also an addition) is sent when vetting ends with the
         *     carrier rejected, with the reasons in `data.vetting.reasons`. `invoice.overdue` (an
         *     addition) is sent once per invoice, the day after its due date passes with something unpaid;
         *     `invoice.delivery_failed` (an addition) when the email of an invoice is refused for good.
         *     `payment.returned` (an addition) when a received payment is recorded as taken back by the bank,
         *     followed by `invoice.reopened` (an addition) when that makes a `PAID` invoice owed again.
         *     `order.reopened` (an addition) when an order cancelled or delivered by mistake is reopened,
         *     and `carrier_payment.voided` (an addition) when a carrier payment recorded by mistake is voided.
         *     `test_helpers.test_clock.advancing` and `test_helpers.test_clock.ready` (additions) happen in
         *     test mode only, when a test clock advances. `customer.created` and the `*.updated` types
         *     (additions: `customer.updated`, `order.updated`, `carrier.updated`, `invoice.updated`) are
         *     sent for every change no more specific type covers, with `data.object` (the object after the
         *     change) and `data.previous_attributes` (the changed fields' old values), as Stripe sends them.
         *     `compliance_alert.opened`, `compliance_alert.cleared` and `compliance_alert.resolved`
         *     (additions) replace `compliance.alert`, which is deprecated (still sent to the endpoints
         *     subscribed to it, `["*"]` included; the catalog marks it `deprecated`).
         * @example order.created
         * @enum {string}
         */
        EventType: "customer.created" | "customer.updated" | "order.created" | "order.dispatched" | "order.in_transit" | "order.delivered" | "order.cancelled" | "order.exception" | "order.reopened" | "order.updated" | "carrier.onboarded" | "carrier.vetted" | "carrier.suspended" | "carrier.rejected" | "carrier.updated" | "invoice.created" | "invoice.sent" | "invoice.paid" | "invoice.voided" | "invoice.reopened" | "invoice.overdue" | "invoice.delivery_failed" | "invoice.updated" | "payment.received" | "payment.failed" | "payment.returned" | "carrier_payment.sent" | "carrier_payment.voided" | "compliance.alert" | "compliance_alert.opened" | "compliance_alert.cleared" | "compliance_alert.resolved" | "audit.privileged_action" | "webhook_endpoint.test" | "test_helpers.test_clock.advancing" | "test_helpers.test_clock.ready";
        /**
         * @description The event types sent to the endpoint, or `["*"]` for all (including types added later).
         * @example [
         *       "order.created",
         *       "order.cancelled"
         *     ]
         */
        EnabledEvents: "*"[] | components["schemas"]["EventType"][];
        /**
         * Format: uri
         * @description Where events are POSTed. HTTPS; plain `http://` only to a loopback host
         *     (`127.0.0.1`, `localhost`, `[::1]`) while the server runs in development mode.
         * @example https://hooks.acme-logistics.example/vehicle-transport
         */
        WebhookUrl: string;
        /**
         * WebhookEndpointStatus
         * @enum {string}
         */
        WebhookEndpointStatus: "enabled" | "disabled";
        /**
         * WebhookEndpoint
         * @description Where and what events are sent. `secret` appears only in the answers of create and rotate_secret.
         */
        WebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /**
             * @description The kind of object: always `webhook_endpoint`.
             * @constant
             */
            object: "webhook_endpoint";
            livemode: components["schemas"]["Livemode"];
            /** @description The test clock the webhook endpoint lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none. */
            test_clock: components["schemas"]["TestClockId"] | null;
            /** @description Where deliveries are POSTed (https; plain http to loopback only in development). */
            url: string;
            /** @description The event types sent to the endpoint; `["*"]` for every type. */
            enabled_events: string[];
            /** @description The API version of the events delivered to the endpoint, pinned when it was created. */
            api_version: components["schemas"]["ApiVersion"] | string;
            /** @description What the endpoint is for, for people; null when not given. */
            description: string | null;
            /** @description `enabled` endpoints get deliveries; `disabled` ones (by a person, or after failing for five days) do not. */
            status: components["schemas"]["WebhookEndpointStatus"];
            /** @description Why a disabled endpoint is, `manual` (its owner disabled it), `failing` (the platform did, after five days of failures without a success) or `listener` (the endpoint of `vehicle-transport listen` in test mode, whose events the command fetches, and which the service never sends anything); null while enabled. */
            disabled_reason: ("manual" | "failing" | "listener") | null;
            health: components["schemas"]["WebhookEndpointHealth"];
            /** @description The signing secret (`whsec_...`), used as issued as the HMAC-SHA256 key. */
            secret?: string;
            /** @description While a rotated-out secret still signs (two `v1=` signatures), when it stops; else null. */
            previous_secret_expires_at: components["schemas"]["UnixTime"] | null;
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /**
         * WebhookEndpointHealth
         * @description How the endpoint's deliveries go, shared by every worker. After 5 timeouts or connection errors
         *     in a row the circuit breaker opens: deliveries due to the endpoint are recorded as failed
         *     attempts with error `endpoint_unavailable`, without a network call, on the usual retry
         *     schedule, while one probe delivery at a time is really sent (`half_open` while it is in flight);
         *     a success closes the breaker. An endpoint failing for five days without a single success is
         *     disabled (`disabled_reason: failing`).
         * @example {
         *       "consecutive_failures": 0,
         *       "failing_since": null,
         *       "last_success_at": 1764547231,
         *       "breaker": "closed"
         *     }
         */
        WebhookEndpointHealth: {
            /** @description Failed attempts since the last success (attempts not made while the breaker is open are not counted). */
            consecutive_failures: number;
            /** @description When the current run of failures began; null when the last attempt succeeded or none failed. */
            failing_since: components["schemas"]["UnixTime"] | null;
            /**
             * @description When a delivery last succeeded; null when none has. While the endpoint is healthy it is
             *     moved forward at most once a second, so it may be up to a second behind the latest success.
             */
            last_success_at: components["schemas"]["UnixTime"] | null;
            /**
             * @description The circuit breaker; `half_open` while its probe delivery is in flight.
             * @enum {string}
             */
            breaker: "closed" | "open" | "half_open";
        };
        /**
         * WebhookEndpointCreate
         * @example {
         *       "url": "https://hooks.acme-logistics.example/vehicle-transport",
         *       "enabled_events": [
         *         "*"
         *       ]
         *     }
         */
        WebhookEndpointCreate: {
            url: components["schemas"]["WebhookUrl"];
            enabled_events: components["schemas"]["EnabledEvents"];
            description?: string & components["schemas"]["Text"];
            api_version?: components["schemas"]["ApiVersion"];
            metadata?: components["schemas"]["Metadata"];
            /** @description A test clock (test mode) for the webhook endpoint to live on; created at the clock's time, moved only by advancing the clock (at most 100 webhook endpoints per clock). Its deliveries are made when the clock advances, at the clock's time. */
            test_clock?: components["schemas"]["TestClockId"];
        };
        /**
         * WebhookEndpointUpdate
         * @example {
         *       "status": "disabled"
         *     }
         */
        WebhookEndpointUpdate: {
            url?: components["schemas"]["WebhookUrl"];
            enabled_events?: components["schemas"]["EnabledEvents"];
            description?: components["schemas"]["Text"] | null;
            /** @description `disabled` stops deliveries; `enabled` starts them again. */
            status?: components["schemas"]["WebhookEndpointStatus"];
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /** WebhookEndpointList */
        WebhookEndpointList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["WebhookEndpointId"] | null;
        };
        /** DeletedWebhookEndpoint */
        DeletedWebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /**
             * @description The kind of object: always `webhook_endpoint`.
             * @constant
             */
            object: "webhook_endpoint";
            livemode: components["schemas"]["Livemode"];
            /**
             * @description Always `true`.
             * @constant
             */
            deleted: true;
        };
        /**
         * WebhookSecretRotation
         * @example {
         *       "grace_period_seconds": 86400
         *     }
         */
        WebhookSecretRotation: {
            /**
             * @description How long the old secret keeps signing, 0 to 7 days (default 86400).
             * @default 86400
             */
            grace_period_seconds: number;
        };
        /**
         * WebhookDeliveryStatus
         * @description `pending` (attempts remain), `succeeded`, or `permanently_failed` after the sixth failed attempt.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "permanently_failed";
        /** WebhookDeliveryAttempt */
        WebhookDeliveryAttempt: {
            /** @description The attempt's number, from 1. */
            number: number;
            started_at: components["schemas"]["UnixTime"];
            /** @description How long the attempt took, in milliseconds. */
            duration_ms: number;
            /** @description The receiver's HTTP status; null when it gave none. */
            response_status: number | null;
            /** @description The first 1 KiB of the receiver's answer. */
            response_body: string;
            /** @description Why no answer was obtained (timeout, connection_refused, refused_target, dns_failure, ..., or endpoint_unavailable when the endpoint's circuit breaker was open and no request was sent); null when the receiver answered. */
            error: string | null;
            /** @description What the transport reported with the error, for people reading the log (for example `refused hooks.internal.example: resolves to non-public address`; the address itself is never shown); null when there was no error. */
            error_detail: string | null;
        };
        /**
         * WebhookDelivery
         * @description One event sent to one endpoint, with every attempt.
         */
        WebhookDelivery: {
            id: components["schemas"]["WebhookDeliveryId"];
            /**
             * @description The kind of object: always `webhook_delivery`.
             * @constant
             */
            object: "webhook_delivery";
            livemode: components["schemas"]["Livemode"];
            event_id: components["schemas"]["EventId"];
            webhook_endpoint_id: components["schemas"]["WebhookEndpointId"];
            /** @description The type of the event delivered. */
            event_type: components["schemas"]["EventType"] | string;
            status: components["schemas"]["WebhookDeliveryStatus"];
            /** @description Attempts made so far. */
            attempt_count: number;
            /** @description When the next attempt is due; null when none is. */
            next_attempt_at: components["schemas"]["UnixTime"] | null;
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
            /** @description Every attempt made, oldest first. */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        /** WebhookDeliveryList */
        WebhookDeliveryList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["WebhookDeliveryId"] | null;
        };
        /**
         * WebhookRecoveryRequest
         * @example {
         *       "since": 1764547200
         *     }
         */
        WebhookRecoveryRequest: {
            since: components["schemas"]["UnixTime"];
            until?: components["schemas"]["UnixTime"];
        };
        /** WebhookRecovery */
        WebhookRecovery: {
            /**
             * @description The kind of object: always `webhook_recovery`.
             * @constant
             */
            object: "webhook_recovery";
            livemode: components["schemas"]["Livemode"];
            webhook_endpoint_id: components["schemas"]["WebhookEndpointId"];
            since: components["schemas"]["UnixTime"];
            until: components["schemas"]["UnixTime"];
            /** @description How many permanently failed deliveries were queued to be sent again. */
            requeued: number;
        };
        /**
         * Event
         * @description Something that happened, as delivered to webhook endpoints (the envelope).
         */
        Event: {
            id: components["schemas"]["EventId"];
            /**
             * @description Always `event`.
             * @constant
             */
            object: "event";
            livemode: components["schemas"]["Livemode"];
            /** @description What happened (`order.created`, ...). New types are added without a new API version: ignore a type you do not handle. */
            type: components["schemas"]["EventType"] | string;
            /** @description The API version the event's `data` is rendered in. */
            api_version: components["schemas"]["ApiVersion"] | string;
            created: components["schemas"]["UnixTime"];
            /** @description The API request that caused the event (`request.id`); null for changes made by the service itself. */
            request_id: components["schemas"]["RequestId"] | null;
            sequence: components["schemas"]["EventSequence"];
            previous_event_id: components["schemas"]["PreviousEventId"];
            request: components["schemas"]["EventRequest"];
            /** @description The resource the event is about, rendered for `api_version` (see the AsyncAPI document for each type). */
            data: {
                [key: string]: unknown;
            };
        };
        /**
         * ReportInterval
         * @default day
         * @enum {string}
         */
        ReportInterval: "day" | "week" | "month";
        /**
         * MarginGrouping
         * @description `customer`, `carrier`, or `lane` (pickup state to delivery state).
         * @enum {string}
         */
        MarginGrouping: "customer" | "carrier" | "lane";
        /** MarginReport */
        MarginReport: {
            /**
             * @description The kind of object: always `margin_report`.
             * @constant
             */
            object: "margin_report";
            livemode: components["schemas"]["Livemode"];
            /** @description The length of each row's period. */
            interval: components["schemas"]["ReportInterval"];
            from: components["schemas"]["CalendarDate"];
            to: components["schemas"]["CalendarDate"];
            currency: components["schemas"]["Currency"];
            /** @description One row per period of the range, oldest first, those with nothing included. */
            rows: components["schemas"]["MarginRow"][];
            /** @description The whole range. */
            totals: components["schemas"]["MarginFigures"];
            /** @description The grouping asked for; null without `group_by`. */
            group_by: components["schemas"]["MarginGrouping"] | null;
            /** @description The range split by `group_by`, largest margin first; empty without it. */
            groups: components["schemas"]["MarginGroup"][];
        };
        /** MarginFigures */
        MarginFigures: {
            /** @description Deliveries recorded (the loads whose revenue and cost were recognized); a delivery reopened as recorded by mistake (`POST /v1/orders/{order_id}/reopen`) in the same period is not counted, and its revenue and cost are taken back. */
            loads: number;
            /** @description Revenue recognized (credits less debits of `revenue`), in cents. */
            revenue: number;
            /** @description Carrier cost recognized (debits less credits of `carrier_cost`), in cents. */
            carrier_cost: number;
            /** @description `revenue` less `carrier_cost`, in cents. */
            margin: number;
            /** @description `margin` / `revenue` x 100, two decimals; null when there is no revenue. */
            margin_percent: number | null;
        };
        /** MarginRow */
        MarginRow: {
            /**
             * @description The first day of the row's period (UTC; weeks start on Monday, months on the 1st), clipped
             *     to the range asked: a period that begins before `from` starts on `from` (its figures count
             *     from `from` only), and the last period's figures count up to `to` only, so the rows add up to
             *     the totals and no row shows a day outside the range.
             */
            period_start: components["schemas"]["CalendarDate"];
            /** @description Deliveries recorded in the period, less those reopened in it as recorded by mistake. */
            loads: number;
            /** @description Revenue recognized in the period, in cents. */
            revenue: number;
            /** @description Carrier cost recognized in the period, in cents. */
            carrier_cost: number;
            /** @description `revenue` less `carrier_cost`, in cents. */
            margin: number;
            /** @description `margin` / `revenue` x 100, two decimals; null when there is no revenue. */
            margin_percent: number | null;
        };
        /** MarginGroup */
        MarginGroup: {
            /**
             * @description The customer id, the carrier id, or the lane (`IL->FL`); null for what no load carries
             *     (entries posted before revenue was matched to loads, or a load without a carrier).
             */
            key: string | null;
            /** @description The customer's name, the carrier's legal name (else its contact), or the lane. */
            label: string;
            /** @description Deliveries recorded for the group over the range, less those reopened in it as recorded by mistake. */
            loads: number;
            /** @description Revenue recognized for the group over the range, in cents. */
            revenue: number;
            /** @description Carrier cost recognized for the group over the range, in cents. */
            carrier_cost: number;
            /** @description `revenue` less `carrier_cost`, in cents. */
            margin: number;
            /** @description `margin` / `revenue` x 100, two decimals; null when there is no revenue. */
            margin_percent: number | null;
        };
        /**
         * AgingBuckets
         * @description What was owed, by days past the due date, in cents.
         */
        AgingBuckets: {
            /** @description Not yet due. */
            current: number;
            /** @description Past due by 1 to 30 days, in cents. */
            days_1_30: number;
            /** @description Past due by 31 to 60 days, in cents. */
            days_31_60: number;
            /** @description Past due by 61 to 90 days, in cents. */
            days_61_90: number;
            /** @description Past due by more than 90 days, in cents. */
            days_over_90: number;
            /** @description Payments received on account (no invoice), which reduce the balance. */
            unapplied_payments: number;
            /** @description The buckets less `unapplied_payments`. */
            total: number;
        };
        /**
         * AgingRow
         * @description What one customer owed, by days past the due date, in cents.
         */
        AgingRow: {
            customer_id: components["schemas"]["CustomerId"];
            /** @description The customer's name. */
            customer_name: string;
            /** @description Invoices with something unpaid that day. */
            invoices: number;
            /** @description Not yet due. */
            current: number;
            /** @description Past due by 1 to 30 days, in cents. */
            days_1_30: number;
            /** @description Past due by 31 to 60 days, in cents. */
            days_31_60: number;
            /** @description Past due by 61 to 90 days, in cents. */
            days_61_90: number;
            /** @description Past due by more than 90 days, in cents. */
            days_over_90: number;
            /** @description Payments received on account (no invoice), which reduce the balance. */
            unapplied_payments: number;
            /** @description The buckets less `unapplied_payments`. */
            total: number;
        };
        /** ReceivablesAgingReport */
        ReceivablesAgingReport: {
            /**
             * @description The kind of object: always `receivables_aging_report`.
             * @constant
             */
            object: "receivables_aging_report";
            livemode: components["schemas"]["Livemode"];
            as_of_date: components["schemas"]["CalendarDate"];
            currency: components["schemas"]["Currency"];
            /** @description One row per customer with something open that day, largest balance first. */
            customers: components["schemas"]["AgingRow"][];
            totals: components["schemas"]["AgingBuckets"];
        };
        /** OperationsReport */
        OperationsReport: {
            /**
             * @description The kind of object: always `operations_report`.
             * @constant
             */
            object: "operations_report";
            livemode: components["schemas"]["Livemode"];
            /** @description The length of each row's period. */
            interval: components["schemas"]["ReportInterval"];
            from: components["schemas"]["CalendarDate"];
            to: components["schemas"]["CalendarDate"];
            /** @description One row per period of the range, oldest first, those with nothing included. */
            rows: components["schemas"]["OperationsRow"][];
            /** @description The whole range. */
            totals: components["schemas"]["OperationsFigures"];
        };
        /** OperationsFigures */
        OperationsFigures: {
            /** @description Orders created (a count, not a time). */
            orders_created: number;
            /** @description Orders dispatched to a carrier. */
            dispatched: number;
            /** @description Orders delivered. */
            delivered: number;
            /** @description Orders cancelled. */
            cancelled: number;
            /** @description Of those delivered, how many no later than the end of the day `ready_date + delivery_window_days`. */
            on_time: number;
            /** @description `on_time / delivered`, 0 to 1 (4 decimals); null when nothing was delivered. */
            on_time_rate: number | null;
            /** @description The mean time from pickup to delivery of those delivered, in days (2 decimals); null when nothing was delivered. */
            average_transit_days: number | null;
            /** @description Exceptions reported in the period, by kind. */
            exceptions: {
                [key: string]: number;
            };
        };
        /** OperationsRow */
        OperationsRow: {
            /**
             * @description The first day of the row's period (UTC; weeks start on Monday, months on the 1st), clipped
             *     to the range asked: a period that begins before `from` starts on `from` (its figures count
             *     from `from` only), and the last period's figures count up to `to` only, so the rows add up to
             *     the totals and no row shows a day outside the range.
             */
            period_start: components["schemas"]["CalendarDate"];
            /** @description Orders created in the period (a count, not a time). */
            orders_created: number;
            /** @description Orders dispatched in the period. */
            dispatched: number;
            /** @description Orders delivered in the period. */
            delivered: number;
            /** @description Orders cancelled in the period. */
            cancelled: number;
            /** @description Of those delivered, how many no later than the end of the day `ready_date + delivery_window_days`. */
            on_time: number;
            /** @description `on_time / delivered`, 0 to 1 (4 decimals); null when nothing was delivered. */
            on_time_rate: number | null;
            /** @description The mean time from pickup to delivery of those delivered, in days (2 decimals); null when nothing was delivered. */
            average_transit_days: number | null;
            /** @description Exceptions reported in the period, by kind. */
            exceptions: {
                [key: string]: number;
            };
        };
        /**
         * @description The id of the object events are about (their `data.id`, or `data.object.id` for the `*.updated` types).
         * @example ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B
         */
        EventObjectId: string;
        /**
         * @description The place of this event among the events about its object (`data.id`, or `data.object.id` for an update), per account: 1 for
         *     the first, and one more for each next one, assigned in the transaction that changed the
         *     object, so no two share a number and none is skipped. A receiver that applied sequence `n`
         *     of an object ignores `<= n` (older or a duplicate), applies `n + 1`, and for anything
         *     higher knows it missed one: list `GET /v1/events?object_id=<id>&cursor=<last applied event>`
         *     or fetch the object.
         * @example 3
         */
        EventSequence: number;
        /** @description The event before this one about the same object (sequence minus one); null for the first. */
        PreviousEventId: components["schemas"]["EventId"] | null;
        /**
         * @description The API request that caused the event: its `Request-Id` and the `Idempotency-Key` it was sent
         *     with (null without one). Null for what the service did by itself (vetting results,
         *     compliance scans, endpoints disabled after failing). A replayed event keeps these values.
         */
        EventRequest: {
            id: components["schemas"]["RequestId"];
            /** @description The request's `Idempotency-Key`, or null. */
            idempotency_key: string | null;
        } | null;
        /**
         * EventTypeDefinition
         * @description One event type of the catalog (`GET /v1/event_types`).
         */
        EventTypeDefinition: {
            /**
             * @description The kind of object: always `event_type`.
             * @constant
             */
            object: "event_type";
            /**
             * @description True for a type another replaces (`compliance.alert`: `compliance_alert.opened` and
             *     `compliance_alert.cleared`). It is still sent to the endpoints subscribed to it (by name or
             *     `["*"]`); subscribe to its replacements instead.
             */
            deprecated: boolean;
            /** @description The scope that reads events of this type (the read scope of the object in `data`), besides `webhooks:manage`; an endpoint subscribes to the type only when its creator holds it. */
            scope: components["schemas"]["Scope"] | string;
            /** @description The event type's name (`order.created`, ...). */
            type: components["schemas"]["EventType"] | string;
            /** @description One line. */
            summary: string;
            /** @description When it is sent and what it means (Markdown). */
            description: string;
            /** @description The kind of object the event is about (`order`, `carrier` ...): the `object` of the resource in `data` (in `data.object` for the `*.updated` types), and `invoice` for `invoice.paid`, whose `data` has its own fields about the invoice. */
            data_object: string;
            /** @description JSON Schema (2020-12) of the whole envelope for the caller's API version; shared definitions under `$defs`. */
            schema: {
                [key: string]: unknown;
            };
        };
        /**
         * EventTypeId
         * @description An event type's `type` (`order.created`), which identifies it in the catalog.
         * @example order.created
         */
        EventTypeId: string;
        /** EventTypeList */
        EventTypeList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["EventTypeDefinition"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            /** @description The last type of the page, null on the last page. */
            next_cursor: components["schemas"]["EventTypeId"] | null;
        };
        /** EventList */
        EventList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Event"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["EventId"] | null;
        };
        /**
         * EventReplay
         * @example {
         *       "webhook_endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6"
         *     }
         */
        EventReplay: {
            webhook_endpoint_id?: components["schemas"]["WebhookEndpointId"];
        };
        /**
         * EventReplayResult
         * @description A replay of an event: the deliveries it queued, one per endpoint.
         */
        EventReplayResult: {
            /**
             * @description The kind of object: always `event_replay`.
             * @constant
             */
            object: "event_replay";
            event_id: components["schemas"]["EventId"];
            /** @description The deliveries queued, each restarting its retry schedule. */
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        /**
         * CarrierStatus
         * @description `pending_vetting` (onboarded; vetting queued or running) -> `active` (passed) or `rejected`
         *     (see `vetting.reasons`); `active` -> `suspended` (by request or a lapsed insurance
         *     certificate) -> `pending_vetting` (reinstated, vetted again).
         * @enum {string}
         */
        CarrierStatus: "pending_vetting" | "active" | "rejected" | "suspended";
        /**
         * SaferPullStatus
         * @description The federal record look-up: `queued` -> `in_progress` -> `completed`, or `failed` when the registry stayed unreachable through its retries.
         * @enum {string}
         */
        SaferPullStatus: "queued" | "in_progress" | "completed" | "failed";
        /**
         * VettingReason
         * @description Why vetting failed: `not_authorized` (not allowed to operate, or no active common or contract
         *     authority), `insurance_below_minimum`, `unsatisfactory_rating`, `out_of_service`,
         *     `mc_number_mismatch` (the `mc_number` given is not the registry's docket for the DOT number:
         *     the classic sign of double brokering or a borrowed identity), `not_found` (the registry has no
         *     carrier with this DOT number). New reasons may be added as vetting learns new checks: treat a
         *     reason you do not know as a failure reason.
         * @enum {string}
         */
        VettingReason: "not_authorized" | "insurance_below_minimum" | "unsatisfactory_rating" | "out_of_service" | "mc_number_mismatch" | "not_found";
        /**
         * @description USDOT number, digits only.
         * @example 2847193
         */
        DotNumber: string;
        /**
         * @description MC (docket) number, digits only. When given, vetting compares it with the registry's docket
         *     for the DOT number: a different one rejects the carrier (`mc_number_mismatch`). When not
         *     given, the carrier takes the registry's.
         * @example 918274
         */
        McNumber: string;
        /**
         * RegistrySnapshot
         * @description The federal record as it was when the carrier was judged.
         */
        RegistrySnapshot: {
            /** @description `fmcsa_qcmobile` or `local` (the development registry file). */
            provider: string;
            /** @description The carrier's legal name in the registry. */
            legal_name: string;
            /** @description The USDOT number the record is about. */
            dot_number: string;
            /** @description The MC (docket) number in the registry; null when it has none. */
            mc_number: string | null;
            /** @description Whether the registry allows the carrier to operate. */
            allowed_to_operate: boolean;
            /**
             * AuthorityStatus
             * @description The carrier's common operating authority: `active`, `inactive` or `none`.
             * @enum {string}
             */
            common_authority: "active" | "inactive" | "none";
            /**
             * @description The carrier's contract operating authority: `active`, `inactive` or `none`.
             * @enum {string}
             */
            contract_authority: "active" | "inactive" | "none";
            /** @description Bodily injury and property damage (BIPD) liability insurance on file, in whole US dollars (the registry's unit, not cents). */
            bipd_insurance_on_file_usd: number;
            /** @description BIPD liability insurance the carrier is required to carry, in whole US dollars (not cents). */
            bipd_insurance_required_usd: number;
            /**
             * SafetyRating
             * @description The federal safety rating: `satisfactory`, `conditional`, `unsatisfactory` or `unrated`.
             * @enum {string}
             */
            safety_rating: "satisfactory" | "conditional" | "unsatisfactory" | "unrated";
            out_of_service_date: components["schemas"]["CalendarDate"] | null;
            /** @description The phone number the registry holds for the carrier (absent in records read before monitoring; QCMobile does not carry it). */
            phone?: string | null;
            /** @description The email address the registry holds (absent in records read before monitoring; QCMobile does not carry it). */
            email?: string | null;
            /** @description The registered physical address, one line (absent in records read before monitoring). */
            physical_address?: string | null;
            retrieved_at: components["schemas"]["UnixTime"];
        };
        /**
         * CarrierVetting
         * @description The outcome of the last vetting.
         */
        CarrierVetting: {
            /** @description Whether the carrier passed every check. */
            passed: boolean;
            /** @description Why vetting failed (`not_authorized`, `insurance_below_minimum`, `unsatisfactory_rating`, `out_of_service`, `not_found`); empty when it passed. */
            reasons: (components["schemas"]["VettingReason"] | string)[];
            vetted_at: components["schemas"]["UnixTime"];
            /** @description Null when the registry has no such carrier (`not_found`). */
            record: components["schemas"]["RegistrySnapshot"] | null;
        };
        /**
         * Carrier
         * @description A truck carrier, onboarded and vetted against federal safety and insurance records.
         */
        Carrier: {
            id: components["schemas"]["CarrierId"];
            /**
             * @description The kind of object: always `carrier`.
             * @constant
             */
            object: "carrier";
            livemode: components["schemas"]["Livemode"];
            /** @description The test clock the carrier lives on (test mode, see `POST /v1/test_helpers/test_clocks`); null for none. */
            test_clock: components["schemas"]["TestClockId"] | null;
            status: components["schemas"]["CarrierStatus"];
            safer_pull_status: components["schemas"]["SaferPullStatus"];
            /** @description The carrier's USDOT number, unique in the account. */
            dot_number: string;
            /** @description The carrier's MC (docket) number; null when it has none on file. */
            mc_number: string | null;
            /** @description From the federal record; null until vetted. */
            legal_name: string | null;
            /** @description The person to contact at the carrier. */
            contact_name: string;
            /** @description The carrier's contact email address. */
            contact_email: string;
            /** @description The carrier's contact phone number (E.164). */
            phone: string;
            vetting: components["schemas"]["CarrierVetting"] | null;
            /** @description Expiry of the insurance certificate (`YYYY-MM-DD`). */
            insurance_expiry_date: components["schemas"]["CalendarDate"] | null;
            bond_expiry_date: components["schemas"]["CalendarDate"] | null;
            process_agent_expiry_date: components["schemas"]["CalendarDate"] | null;
            /** @description Why the carrier was suspended; null unless it is `suspended`. */
            suspension_reason: string | null;
            suspended_at: components["schemas"]["UnixTime"] | null;
            monitoring: components["schemas"]["CarrierMonitoring"];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /**
         * CarrierMonitoring
         * @description Continuous monitoring against the federal registry: every `active` or `suspended` carrier is
         *     read again about once per monitoring interval (24 h by default), and what changed becomes
         *     compliance alerts (`GET /v1/carriers/{id}/registry_snapshots` shows each read).
         */
        CarrierMonitoring: {
            /** @description When the registry was last read for this carrier; null before the first read. */
            last_checked_at: components["schemas"]["UnixTime"] | null;
            /** @description When it is read next; null when the carrier is not monitored (not active or suspended). */
            next_check_at: components["schemas"]["UnixTime"] | null;
            /** @description When a read last found the record changed. */
            last_change_at: components["schemas"]["UnixTime"] | null;
        };
        /**
         * RegistryChange
         * @description One field of the registry record that changed between two reads.
         */
        RegistryChange: {
            /** @description The record's field (`phone`, `email`, `physical_address`, `legal_name`, `common_authority`, `bipd_insurance_on_file_usd` ...), or `record` when the carrier appeared in or disappeared from the registry. */
            field: string;
            /** @description The value before (null when there was none). */
            previous: unknown;
            /** @description The value now (null when there is none). */
            current: unknown;
        };
        /**
         * MonitoringFinding
         * @description What a registry read can find wrong, each the kind of the compliance alert it opens:
         *     `authority_revoked` (not allowed to operate, or no active common or contract authority),
         *     `out_of_service` (an out-of-service order in effect), `insurance_cancelled` (BIPD insurance on
         *     file below the required amount or none), `unsatisfactory_rating`, `registry_record_missing`
         *     (the registry no longer has the carrier). Each suspends an active carrier.
         * @enum {string}
         */
        MonitoringFinding: "authority_revoked" | "out_of_service" | "insurance_cancelled" | "unsatisfactory_rating" | "registry_record_missing";
        /**
         * CarrierRegistrySnapshot
         * @description One read of the federal registry for a carrier (monitoring, or `POST /v1/carriers/{id}/monitor`)
         *     and what it found compared with the read before it.
         */
        CarrierRegistrySnapshot: {
            id: components["schemas"]["CarrierRegistrySnapshotId"];
            /**
             * @description The kind of object: always `carrier_registry_snapshot`.
             * @constant
             */
            object: "carrier_registry_snapshot";
            livemode: components["schemas"]["Livemode"];
            carrier_id: components["schemas"]["CarrierId"];
            /** @description `qcmobile` or `local` (the development registry file). */
            provider: string;
            /** @description The record read; null when the registry has no such carrier. */
            record: components["schemas"]["RegistrySnapshot"] | null;
            /** @description The fields that differ from the previous read (empty for the first read, or when nothing changed). */
            changes: components["schemas"]["RegistryChange"][];
            /** @description Everything wrong in this record. */
            findings: components["schemas"]["MonitoringFinding"][];
            /** @description The findings the previous read did not have (each opened an alert). */
            new_findings: components["schemas"]["MonitoringFinding"][];
            /** @description The findings of the previous read that are gone (their open alerts note it; reinstating the carrier stays a person's decision). */
            cleared_findings: components["schemas"]["MonitoringFinding"][];
            /** @description The compliance alerts this read opened or noted a clearance on. */
            alert_ids: components["schemas"]["ComplianceAlertId"][];
            /** @description Whether this read suspended the carrier. */
            suspended: boolean;
            created: components["schemas"]["UnixTime"];
        };
        /** CarrierRegistrySnapshotList */
        CarrierRegistrySnapshotList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["CarrierRegistrySnapshot"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["CarrierRegistrySnapshotId"] | null;
        };
        /**
         * @description Registry read id (`crs_` + ULID).
         * @example crs_01JF3QG2J4K6M8N0P2Q4R6S8T0
         */
        CarrierRegistrySnapshotId: string;
        /**
         * CarrierCreate
         * @example {
         *       "dot_number": "2847193",
         *       "contact_name": "Maria Delgado",
         *       "contact_email": "dispatch@redline-auto.example",
         *       "phone": "+16025550117"
         *     }
         */
        CarrierCreate: {
            dot_number: components["schemas"]["DotNumber"];
            mc_number?: components["schemas"]["McNumber"];
            contact_name: components["schemas"]["Line"];
            /** @description The carrier's contact email address. */
            contact_email: components["schemas"]["Email"];
            phone: components["schemas"]["PhoneE164"];
            metadata?: components["schemas"]["Metadata"];
            /** @description A test clock (test mode) for the carrier to live on; created at the clock's time, moved only by advancing the clock (at most 100 carriers per clock). Orders on a clock are dispatched to carriers of the same clock only. */
            test_clock?: components["schemas"]["TestClockId"];
        };
        /**
         * CarrierUpdate
         * @example {
         *       "insurance_expiry_date": "2027-06-30"
         *     }
         */
        CarrierUpdate: {
            contact_name?: components["schemas"]["Line"];
            /** @description The carrier's contact email address. */
            contact_email?: components["schemas"]["Email"];
            phone?: components["schemas"]["PhoneE164"];
            insurance_expiry_date?: components["schemas"]["CalendarDate"] | null;
            bond_expiry_date?: components["schemas"]["CalendarDate"] | null;
            process_agent_expiry_date?: components["schemas"]["CalendarDate"] | null;
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /**
         * CarrierRevet
         * @description Corrections to the carrier's application, applied before it is vetted again.
         * @example {
         *       "mc_number": "918274"
         *     }
         */
        CarrierRevet: {
            /** @description The MC number to vet with instead of the one given at onboarding; `null` for none (the registry's is taken). */
            mc_number?: components["schemas"]["McNumber"] | null;
        };
        /**
         * CarrierSuspension
         * @example {
         *       "reason": "Cargo claim under investigation"
         *     }
         */
        CarrierSuspension: {
            reason: string & components["schemas"]["Text"];
        };
        /** CarrierList */
        CarrierList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Carrier"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["CarrierId"] | null;
        };
        /**
         * @description Compliance alert id (`cal_` + ULID).
         * @example cal_01JF3QG2J4K6M8N0P2Q4R6S8T0
         */
        ComplianceAlertId: string;
        /**
         * ComplianceAlertKind
         * @description `insurance_certificate`, `bond`, `process_agent`: a date on file lapsed (the compliance scan).
         *     The others come from monitoring the registry: the findings of `MonitoringFinding`, and
         *     `identity_changed` (the registered phone, email, physical address, legal name or MC docket changed: the
         *     signature of identity theft; nothing is suspended, a person decides). New kinds may be
         *     added: handle an unknown kind as an alert to read.
         * @enum {string}
         */
        ComplianceAlertKind: "insurance_certificate" | "bond" | "process_agent" | "authority_revoked" | "out_of_service" | "insurance_cancelled" | "unsatisfactory_rating" | "registry_record_missing" | "identity_changed";
        /**
         * ComplianceAlertStatus
         * @enum {string}
         */
        ComplianceAlertStatus: "open" | "resolved";
        /**
         * ComplianceAlert
         * @description A compliance item of a carrier that lapsed (one alert per lapse; a lapsed insurance certificate
         *     also suspends the carrier), or what monitoring the registry found (`expiry_date` is then the day
         *     it was found, `details` says what, and `cleared_at` when a later read no longer finds it).
         */
        ComplianceAlert: {
            id: components["schemas"]["ComplianceAlertId"];
            /**
             * @description The kind of object: always `compliance_alert`.
             * @constant
             */
            object: "compliance_alert";
            livemode: components["schemas"]["Livemode"];
            carrier_id: components["schemas"]["CarrierId"];
            /** @description What lapsed (the insurance certificate, the bond, the process-agent filing) or what monitoring found in the registry. */
            kind: components["schemas"]["ComplianceAlertKind"] | string;
            expiry_date: components["schemas"]["CalendarDate"];
            /** @description `open` until a person resolves it (`POST .../resolve`), even once `cleared_at` is set. */
            status: components["schemas"]["ComplianceAlertStatus"];
            /** @description The note given when the alert was resolved; null while open or when none was given. */
            resolution_note: string | null;
            resolved_at: components["schemas"]["UnixTime"] | null;
            /** @description For the alerts of monitoring, what the registry read found; null for lapses. */
            details: {
                snapshot_id: components["schemas"]["CarrierRegistrySnapshotId"];
                /** @description What the read found, in one sentence for people. */
                summary: string;
                /** @description Each field of the registry record that changed, with its value before and after. */
                changes: components["schemas"]["RegistryChange"][];
            } | null;
            /** @description When a registry read no longer found what opened the alert (authority reinstated, insurance back on file); the alert stays open until a person resolves it. */
            cleared_at: components["schemas"]["UnixTime"] | null;
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /** ComplianceAlertList */
        ComplianceAlertList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["ComplianceAlert"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["ComplianceAlertId"] | null;
        };
        /**
         * ComplianceAlertResolution
         * @example {
         *       "note": "New certificate received and filed."
         *     }
         */
        ComplianceAlertResolution: {
            note?: string & components["schemas"]["Text"];
        };
        /**
         * OrderDispatch
         * @example {
         *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
         *       "carrier_pay": 120000
         *     }
         */
        OrderDispatch: {
            carrier_id: components["schemas"]["CarrierId"];
            /**
             * @description What the carrier is paid, in cents, as agreed with it now (the rate confirmation states
             *     it); replaces the order's `carrier_pay`. Left out: the order's stays.
             */
            carrier_pay?: components["schemas"]["AmountCents"];
            /** @description What the customer pays, in cents, when it is settled now; replaces the order's `price`. Left out, the order's stays. */
            price?: components["schemas"]["AmountCents"];
        };
        /**
         * OrderPickup
         * @example {
         *       "picked_up_at": 1764633600
         *     }
         */
        OrderPickup: {
            /** @description When the vehicles were picked up (default now). */
            picked_up_at?: components["schemas"]["UnixTime"];
        };
        /**
         * OrderDelivery
         * @example {
         *       "signed_by": "Jordan Price"
         *     }
         */
        OrderDelivery: {
            /** @description Who signed the bill of lading at delivery. */
            signed_by: components["schemas"]["Line"];
            /** @description When it was signed (default now). */
            signed_at?: components["schemas"]["UnixTime"];
        };
        /**
         * OrderExceptionCreate
         * @example {
         *       "kind": "damage",
         *       "note": "Scratch on the rear bumper noted at pickup."
         *     }
         */
        OrderExceptionCreate: {
            /** @description What happened: `delay`, `damage` or `dispute`. */
            kind: components["schemas"]["OrderExceptionKind"];
            note?: string & components["schemas"]["Text"];
        };
        /**
         * @description Dashboard user id (`usr_` + ULID).
         * @example usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1
         */
        UserId: string;
        /**
         * @description Session id (`ses_` + ULID); not the cookie's token.
         * @example ses_01JF3QK4M6N8P0Q2R4S6T8V0W2
         */
        SessionId: string;
        /**
         * UserRole
         * @description What a user may do: `owner` (every scope, and `users:manage`), `admin` (every scope but
         *     `users:manage`), `developer` (`orders:*`, `customers:*`, `carriers:*`, `webhooks:manage`,
         *     `keys:manage`), `viewer` (every `:read` scope but `accounting:read` and `audit:read`).
         * @example developer
         * @enum {string}
         */
        UserRole: "owner" | "admin" | "developer" | "viewer";
        /**
         * Format: password
         * @description A new password: 12 to 200 characters, kept exactly as sent (any printable Unicode, spaces
         *     included; no rule on which kinds of characters). It must not be a common or breached-style
         *     password or easily guessed (a zxcvbn strength score of at least 3 of 4, with dictionaries
         *     shipped with the server), and must not contain the user's email name (before the `@`) or
         *     name: 400 `invalid_value` with a hint. A long passphrase of unrelated words passes. Error
         *     messages never repeat a password.
         * @example correct horse battery staple
         */
        Password: string & components["schemas"]["Text"];
        /**
         * User
         * @description A person who signs in to the dashboard. `initial_password` appears only in the answer of a create without a password and of a password reset.
         */
        User: {
            id: components["schemas"]["UserId"];
            /**
             * @description The kind of object: always `user`.
             * @constant
             */
            object: "user";
            livemode: components["schemas"]["Livemode"];
            /** @description The user's email address; signs in with it. */
            email: components["schemas"]["Email"];
            /** @description The user's name. */
            name: string;
            role: components["schemas"]["UserRole"];
            /** @description A disabled user cannot sign in, and their sessions have ended. */
            disabled: boolean;
            /**
             * Format: password
             * @description The generated password, shown once (in the answer of a create without a password, or of a reset).
             */
            initial_password?: string;
            created: components["schemas"]["UnixTime"];
            /** @description When the user last changed (name, role, `disabled`, password); signing in is not a change. */
            updated: components["schemas"]["UnixTime"];
            /** @description When the user last signed in; null if never. */
            last_login_at: components["schemas"]["UnixTime"] | null;
        };
        /**
         * UserCreate
         * @example {
         *       "email": "dispatch@acme-logistics.example",
         *       "name": "Dana Dispatcher",
         *       "role": "developer"
         *     }
         */
        UserCreate: {
            /** @description The user's email address; signs in with it (unique in the account). */
            email: components["schemas"]["Email"];
            name?: components["schemas"]["Line"];
            role: components["schemas"]["UserRole"];
            password?: components["schemas"]["Password"];
        };
        /**
         * UserUpdate
         * @example {
         *       "role": "admin"
         *     }
         */
        UserUpdate: {
            name?: components["schemas"]["Line"];
            role?: components["schemas"]["UserRole"];
            /** @description `true` ends the user's sessions at once and refuses their sign-in (and revokes the keys and OAuth clients they made); `false` lets them sign in again. */
            disabled?: boolean;
        };
        /**
         * PasswordChange
         * @example {
         *       "current_password": "my previous passphrase 2025",
         *       "new_password": "tailgate orchard velvet compass"
         *     }
         */
        PasswordChange: {
            /**
             * Format: password
             * @description The password the user signs in with now.
             */
            current_password: string & components["schemas"]["Text"];
            new_password: components["schemas"]["Password"];
        };
        /** UserList */
        UserList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["User"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["UserId"] | null;
        };
        /** DeletedUser */
        DeletedUser: {
            id: components["schemas"]["UserId"];
            /**
             * @description The kind of object: always `user`.
             * @constant
             */
            object: "user";
            livemode: components["schemas"]["Livemode"];
            /**
             * @description Always `true`.
             * @constant
             */
            deleted: true;
        };
        /**
         * SessionCreate
         * @example {
         *       "email": "dispatch@acme-logistics.example",
         *       "password": "correct horse battery staple"
         *     }
         */
        SessionCreate: {
            /** @description The user's email (compared case-insensitively). */
            email: string & components["schemas"]["Text"];
            /** Format: password */
            password: string & components["schemas"]["Text"];
            /**
             * @description The account to sign in to (its id, `acct_` + ULID), for a person who is a user of several
             *     accounts under one email. Without it, the oldest of the email's users whose password this
             *     is signs in.
             */
            account?: components["schemas"]["AccountId"];
        };
        /**
         * SessionUpdate
         * @example {
         *       "livemode": false
         *     }
         */
        SessionUpdate: {
            /** @description `false` to work on the account's test data, `true` to come back to live data. */
            livemode: boolean;
        };
        /**
         * TestClockCreate
         * @example {
         *       "frozen_time": 1764547200,
         *       "name": "Net-30 invoice runs"
         *     }
         */
        TestClockCreate: {
            /** @description The clock's time to start from (Unix seconds); from 7 days before now to 366 days after. */
            frozen_time: components["schemas"]["UnixTime"];
            /** @description A name to tell clocks apart. */
            name?: components["schemas"]["Line"];
        };
        /**
         * TestClockAdvance
         * @example {
         *       "frozen_time": 1764720000
         *     }
         */
        TestClockAdvance: {
            /** @description The time to move to; after the clock's time, at most 90 days after it and 366 days after now. */
            frozen_time: components["schemas"]["UnixTime"];
        };
        /**
         * TestClockStatus
         * @description `ready` (at `frozen_time`), `advancing` (on its way to `advancing_to`), `internal_failure` (an advance stopped on an error at `frozen_time`, which is as far as it got; advance again to go on).
         * @enum {string}
         */
        TestClockStatus: "ready" | "advancing" | "internal_failure";
        /**
         * TestClock
         * @description A clock of test mode, and the objects that live on its time.
         * @example {
         *       "id": "clk_01JF3QM6N8P0Q2R4S6T8V0W2X4",
         *       "object": "test_helpers.test_clock",
         *       "livemode": false,
         *       "name": "Net-30 invoice runs",
         *       "frozen_time": 1764547200,
         *       "status": "ready",
         *       "advancing_to": null,
         *       "created": 1764547200,
         *       "updated": 1764547200
         *     }
         */
        TestClock: {
            id: components["schemas"]["TestClockId"];
            /**
             * @description The kind of object: always `test_helpers.test_clock`.
             * @constant
             */
            object: "test_helpers.test_clock";
            livemode: components["schemas"]["Livemode"];
            name: components["schemas"]["Line"] | null;
            /** @description The clock's time now (while advancing, how far it has got). */
            frozen_time: components["schemas"]["UnixTime"];
            status: components["schemas"]["TestClockStatus"];
            /** @description Where an advance under way is going; null when none is. */
            advancing_to: components["schemas"]["UnixTime"] | null;
            created: components["schemas"]["UnixTime"];
            /** @description When the clock last changed (an advance started or finished), in real time. */
            updated: components["schemas"]["UnixTime"];
        };
        /** TestClockList */
        TestClockList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["TestClock"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["TestClockId"] | null;
        };
        /** DeletedTestClock */
        DeletedTestClock: {
            id: components["schemas"]["TestClockId"];
            /**
             * @description The kind of object: always `test_helpers.test_clock`.
             * @constant
             */
            object: "test_helpers.test_clock";
            livemode: components["schemas"]["Livemode"];
            /**
             * @description Always `true`.
             * @constant
             */
            deleted: true;
        };
        /**
         * TestHelpersOrderDelivery
         * @example {
         *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2"
         *     }
         */
        TestHelpersOrderDelivery: {
            /** @description The active carrier to dispatch to; needed while the order is `pending`. */
            carrier_id?: components["schemas"]["CarrierId"];
            /** @description Who signs the bill of lading ("Test Receiver" by default). */
            signed_by?: components["schemas"]["Line"];
        };
        /**
         * TestHelpersPayment
         * @example {
         *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
         *       "amount": 50000,
         *       "payment_method": "check",
         *       "outcome": "returned"
         *     }
         */
        TestHelpersPayment: {
            customer_id: components["schemas"]["CustomerId"];
            invoice_id?: components["schemas"]["InvoiceId"];
            amount: components["schemas"]["PositiveAmountCents"];
            /** @default usd */
            currency: components["schemas"]["Currency"];
            payment_method: components["schemas"]["PaymentMethod"];
            reference?: components["schemas"]["Line"];
            /**
             * @description `failed`: a failed attempt; `returned`: received, then returned by the bank.
             * @enum {string}
             */
            outcome: "failed" | "returned";
            /** @description Why it failed or was returned. */
            reason?: components["schemas"]["Line"];
        };
        /**
         * TestRegistryChange
         * @description What the test registry's record of a carrier says from now on.
         * @enum {string}
         */
        TestRegistryChange: "passes" | "not_found" | "authority_revoked" | "out_of_service" | "insurance_below_minimum" | "insurance_cancelled" | "contact_changed";
        /**
         * TestRegistryRecordChange
         * @example {
         *       "change": "out_of_service"
         *     }
         */
        TestRegistryRecordChange: {
            change: components["schemas"]["TestRegistryChange"];
        };
        /**
         * TestRegistryRecord
         * @description A test carrier's record in the test registry, as its next read will give it.
         * @example {
         *       "object": "test_registry_record",
         *       "livemode": false,
         *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
         *       "dot_number": "2847193",
         *       "change": "not_found",
         *       "record": null
         *     }
         */
        TestRegistryRecord: {
            /**
             * @description The kind of object: always `test_registry_record`.
             * @constant
             */
            object: "test_registry_record";
            livemode: components["schemas"]["Livemode"];
            carrier_id: components["schemas"]["CarrierId"];
            /** @description The USDOT number of the record. */
            dot_number: string;
            change: components["schemas"]["TestRegistryChange"];
            /** @description What the next read gives; null when the registry will not find the carrier. */
            record: components["schemas"]["RegistrySnapshot"] | null;
        };
        /**
         * TestEventTriggerCreate
         * @example {
         *       "type": "invoice.paid"
         *     }
         */
        TestEventTriggerCreate: {
            type: components["schemas"]["EventType"];
        };
        /**
         * TestEventTrigger
         * @description What a test helper made happen.
         * @example {
         *       "object": "test_event_trigger",
         *       "livemode": false,
         *       "type": "order.created",
         *       "event_id": "evt_01JF3QD6F8H0J2K4M6N8P0Q2R4",
         *       "event_ids": [
         *         "evt_01JF3QD6F8H0J2K4M6N8P0Q2R4"
         *       ],
         *       "object_ids": [
         *         "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
         *         "ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B"
         *       ]
         *     }
         */
        TestEventTrigger: {
            /**
             * @description The kind of object: always `test_event_trigger`.
             * @constant
             */
            object: "test_event_trigger";
            livemode: components["schemas"]["Livemode"];
            /** @description The event type asked for. */
            type: components["schemas"]["EventType"] | string;
            /** @description The event of `type` (the last one, when it happened more than once). */
            event_id: components["schemas"]["EventId"];
            /** @description Every event it made, oldest first. */
            event_ids: components["schemas"]["EventId"][];
            /** @description Every object it made, in the order it made them. */
            object_ids: string[];
        };
        /**
         * @description Test data deletion id (`tdd_` + ULID).
         * @example tdd_01JF3QK4M6N8P0Q2R4S6T8V0W2
         */
        TestDataDeletionId: string;
        /**
         * TestDataDeletion
         * @description A deletion of an account's test data, and how far it has gone.
         * @example {
         *       "id": "tdd_01JF3QK4M6N8P0Q2R4S6T8V0W2",
         *       "object": "test_data_deletion",
         *       "livemode": true,
         *       "status": "succeeded",
         *       "deleted": {
         *         "customers": 12,
         *         "orders": 40,
         *         "events": 311
         *       },
         *       "created": 1764547200,
         *       "updated": 1764547200,
         *       "completed_at": 1764547203
         *     }
         */
        TestDataDeletion: {
            id: components["schemas"]["TestDataDeletionId"];
            /**
             * @description The kind of object: always `test_data_deletion`.
             * @constant
             */
            object: "test_data_deletion";
            livemode: components["schemas"]["Livemode"];
            /**
             * @description `pending` (not started yet), `running`, `succeeded` (every test object is gone), `failed` (given up after its retries; ask for a new one).
             * @enum {string}
             */
            status: "pending" | "running" | "succeeded" | "failed";
            /** @description How many objects of each kind it has removed so far (`customers`, `orders`, `events`, ...). */
            deleted: {
                [key: string]: number;
            };
            created: components["schemas"]["UnixTime"];
            /** @description When the deletion last changed (objects removed, its status). */
            updated: components["schemas"]["UnixTime"];
            /** @description When it succeeded; null until then. */
            completed_at: components["schemas"]["UnixTime"] | null;
        };
        /**
         * WebhookListenerOpen
         * @example {
         *       "name": "dana-laptop"
         *     }
         */
        WebhookListenerOpen: {
            /** @description The listener's name (the machine's, say); one endpoint per name. */
            name?: string;
            /** @description The events to take; by default every type the caller may read (`*` when it may read them all). Each type needs its read scope, as an endpoint's subscription does. */
            enabled_events?: components["schemas"]["EnabledEvents"];
            /**
             * Format: uri
             * @description Where the command posts the events (shown as the endpoint's `url`).
             */
            forward_to?: string;
        };
        /**
         * WebhookListenRequest
         * @example {
         *       "wait_seconds": 25
         *     }
         */
        WebhookListenRequest: {
            /** @description How long to wait for the first event (default 25). */
            wait_seconds?: number;
            /** @description How many deliveries at most (default 100). */
            limit?: number;
        };
        /**
         * WebhookListenBatch
         * @description What one poll of a listener found due (none when the wait ended with nothing); the next poll asks again.
         * @example {
         *       "object": "webhook_listen_batch",
         *       "deliveries": []
         *     }
         */
        WebhookListenBatch: {
            /**
             * @description The kind of object: always `webhook_listen_batch`.
             * @constant
             */
            object: "webhook_listen_batch";
            /** @description The deliveries to forward, oldest first. */
            deliveries: components["schemas"]["WebhookListenDelivery"][];
        };
        /**
         * WebhookListenDelivery
         * @description One event to forward to the local receiver, exactly as the service would send it.
         */
        WebhookListenDelivery: {
            id: components["schemas"]["WebhookDeliveryId"];
            event_id: components["schemas"]["EventId"];
            /** @description The type of the event to forward. */
            event_type: components["schemas"]["EventType"] | string;
            /** @description The request body to post, as signed. */
            payload: string;
            /** @description The headers to post it with (`Service-Signature`, `Service-Event-Id`, and the event's `traceparent` when it has one). */
            headers: {
                [key: string]: string;
            };
        };
        /**
         * WebhookListenerResult
         * @example {
         *       "response_status": 200,
         *       "response_body": "{\"received\":true}",
         *       "duration_ms": 12
         *     }
         */
        WebhookListenerResult: {
            /** @description The local receiver's HTTP status; absent when it gave none. */
            response_status?: number;
            /** @description The first KiB of its answer. */
            response_body?: components["schemas"]["Text"];
            /**
             * @description Why there was no answer (`timeout`, `connection_refused`, `connection_reset`, `dns_failure`, `network_error`); absent when there was one.
             * @enum {string}
             */
            error?: "timeout" | "connection_refused" | "connection_reset" | "dns_failure" | "network_error";
            /** @description What the command's HTTP client said with the error. */
            error_detail?: components["schemas"]["Text"];
            /** @description How long the local receiver took to answer, in milliseconds. */
            duration_ms: number;
        };
        /**
         * Session
         * @description A signed-in dashboard session.
         */
        Session: {
            id: components["schemas"]["SessionId"];
            /**
             * @description The kind of object: always `session`.
             * @constant
             */
            object: "session";
            livemode: components["schemas"]["Livemode"];
            user: components["schemas"]["User"];
            /** @description The account the session is signed in to. */
            account: {
                /** @description Account id (`acct_` + ULID). */
                id: string;
                /** @description The account's name. */
                name: string;
            };
            /** @description The scopes of the user's role, checked on every request. */
            scopes: (components["schemas"]["Scope"] | string)[];
            /** @description Send it as `X-CSRF-Token` on every state-changing request made with this session. */
            csrf_token: string;
            created: components["schemas"]["UnixTime"];
            /** @description When the session last changed (its mode switched, or it ended); activity is not a change. */
            updated: components["schemas"]["UnixTime"];
            /** @description The session ends at this time unless a request is made before (30 minutes after the last one by default). */
            idle_expires_at: components["schemas"]["UnixTime"];
            /** @description The session ends at this time in any case (12 hours after sign-in by default). */
            expires_at: components["schemas"]["UnixTime"];
        };
        /** DeletedSession */
        DeletedSession: {
            id: components["schemas"]["SessionId"];
            /**
             * @description The kind of object: always `session`.
             * @constant
             */
            object: "session";
            livemode: components["schemas"]["Livemode"];
            /**
             * @description Always `true`.
             * @constant
             */
            deleted: true;
        };
        /**
         * @description API key id (`key_` + ULID).
         * @example key_01JF3QG0J2K4M6N8P0Q2R4S6T8
         */
        ApiKeyId: string;
        /**
         * @description OAuth client id (`oac_` + ULID), also its `client_id`.
         * @example oac_01JF3QH2K4M6N8P0Q2R4S6T8V0
         */
        OAuthClientId: string;
        /**
         * Scope
         * @description A scope (see the `bearerAuth` security scheme). New scopes are added with the operations that need them, without a new API version: keep scopes you do not know as they are.
         * @example orders:read
         * @enum {string}
         */
        Scope: "orders:read" | "orders:write" | "carriers:read" | "carriers:write" | "accounting:read" | "accounting:write" | "webhooks:manage" | "customers:read" | "customers:write" | "audit:read" | "keys:manage" | "users:manage";
        /**
         * @description Scopes, each a subset of the creating key's own scopes.
         * @example [
         *       "orders:read",
         *       "orders:write"
         *     ]
         */
        Scopes: components["schemas"]["Scope"][];
        /**
         * ApiKey
         * @description An API key. `secret` appears only in the answer of create.
         */
        ApiKey: {
            id: components["schemas"]["ApiKeyId"];
            /**
             * @description The kind of object: always `api_key`.
             * @constant
             */
            object: "api_key";
            livemode: components["schemas"]["Livemode"];
            /** @description The key's name, for people (what it is for). */
            name: string;
            /** @description What the key may do: the scopes it was given, never more than the credential that made it holds. */
            scopes: (components["schemas"]["Scope"] | string)[];
            /** @description The API version the key's requests are answered in, pinned when it was created. */
            api_version: components["schemas"]["ApiVersion"] | string;
            /** @description The last four characters of the secret, to tell keys apart. */
            last4: string;
            /** @description The key (`sk_live_...` or `sk_test_...`), shown once; only its SHA-256 hash is stored. */
            secret?: string;
            created: components["schemas"]["UnixTime"];
            /** @description When the key last changed: its revocation, else its creation (its use is not a change). */
            updated: components["schemas"]["UnixTime"];
            /** @description The dashboard user, key or OAuth client that made it; null for a key made by the keys CLI. A credential ends with its maker: deleting or disabling a user revokes what the user made (and what was made with that), and a role taken down revokes what reaches beyond the new role. */
            created_by: components["schemas"]["AuditActor"] | null;
            /** @description When the key last authenticated a request (to the minute); null if never. */
            last_used_at: components["schemas"]["UnixTime"] | null;
            revoked_at: components["schemas"]["UnixTime"] | null;
        };
        /**
         * ApiKeyCreate
         * @example {
         *       "name": "TMS integration",
         *       "scopes": [
         *         "orders:read",
         *         "orders:write"
         *       ]
         *     }
         */
        ApiKeyCreate: {
            name?: components["schemas"]["Line"];
            scopes: components["schemas"]["Scopes"];
            api_version?: components["schemas"]["ApiVersion"];
            /** @description The mode the key is for: `true` (live, the default for a live caller) or `false` (test). A test caller makes test keys only. */
            livemode?: boolean;
        };
        /** ApiKeyList */
        ApiKeyList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["ApiKey"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["ApiKeyId"] | null;
        };
        /**
         * OAuthClient
         * @description An OAuth 2.0 client (client credentials grant). `client_secret` appears only in the answer of create.
         */
        OAuthClient: {
            id: components["schemas"]["OAuthClientId"];
            /**
             * @description The kind of object: always `oauth_client`.
             * @constant
             */
            object: "oauth_client";
            livemode: components["schemas"]["Livemode"];
            /** @description The client's name, for people (what it is for). */
            name: string;
            /** @description The scopes the client may ask for in a token. */
            scopes: (components["schemas"]["Scope"] | string)[];
            /** @description The API version the client's tokens are answered in, pinned when it was created. */
            api_version: components["schemas"]["ApiVersion"] | string;
            /** @description The client secret (`ocs_...`), shown once; only its SHA-256 hash is stored. */
            client_secret?: string;
            created: components["schemas"]["UnixTime"];
            /** @description When the client last changed: its revocation, else its creation. */
            updated: components["schemas"]["UnixTime"];
            /** @description The dashboard user, key or OAuth client that made it; null for a client made before makers were recorded. A credential ends with its maker: deleting or disabling a user revokes what the user made (and what was made with that), and a role taken down revokes what reaches beyond the new role. */
            created_by: components["schemas"]["AuditActor"] | null;
            revoked_at: components["schemas"]["UnixTime"] | null;
        };
        /**
         * OAuthClientCreate
         * @example {
         *       "name": "Partner TMS",
         *       "scopes": [
         *         "orders:read"
         *       ]
         *     }
         */
        OAuthClientCreate: {
            name?: components["schemas"]["Line"];
            scopes: components["schemas"]["Scopes"];
            api_version?: components["schemas"]["ApiVersion"];
            /** @description The mode the client is for: `true` (live, the default for a live caller) or `false` (test). A test caller makes test clients only. */
            livemode?: boolean;
        };
        /** OAuthClientList */
        OAuthClientList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["OAuthClient"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["OAuthClientId"] | null;
        };
        /**
         * OAuthTokenRequest
         * @description Form fields of the client credentials grant (RFC 6749 §4.4.2); other fields are ignored (RFC 6749 §3.1), and are text like every field.
         */
        OAuthTokenRequest: {
            /**
             * @description Only `client_credentials` is supported (others answer `unsupported_grant_type`).
             * @example client_credentials
             */
            grant_type: string & components["schemas"]["Text"];
            /**
             * @description Space-separated scopes, a subset of the client's; omitted means all of them.
             * @example orders:read
             */
            scope?: string & components["schemas"]["Text"];
            /** @description The client id, when not sent by HTTP Basic. */
            client_id?: string & components["schemas"]["Text"];
            /**
             * Format: password
             * @description The client secret, when not sent by HTTP Basic.
             */
            client_secret?: string & components["schemas"]["Text"];
        } & {
            [key: string]: components["schemas"]["Text"];
        };
        /**
         * OAuthToken
         * @description RFC 6749 §5.1 access token response.
         */
        OAuthToken: {
            /** @description Opaque bearer token (`oat_...`); send it as `Authorization: Bearer <token>`. */
            access_token: string;
            /**
             * @description Always `Bearer`.
             * @constant
             */
            token_type: "Bearer";
            /**
             * @description Seconds until the token expires (always 3600).
             * @constant
             */
            expires_in: 3600;
            /** @description The granted scopes, space-separated. */
            scope: string;
        };
        /**
         * OAuthIntrospectionRequest
         * @description Form fields of RFC 7662 §2.1; other fields are ignored (RFC 6749 §3.1), and are text like every field.
         */
        OAuthIntrospectionRequest: {
            /** Format: password */
            token: string & components["schemas"]["Text"];
            token_type_hint?: string & components["schemas"]["Text"];
            client_id?: string & components["schemas"]["Text"];
            /** Format: password */
            client_secret?: string & components["schemas"]["Text"];
        } & {
            [key: string]: components["schemas"]["Text"];
        };
        /**
         * OAuthIntrospection
         * @description RFC 7662 §2.2. Only `active` for a token that is not an active token of the calling client.
         */
        OAuthIntrospection: {
            /** @description Whether the token is valid now (issued here, not expired, its client not revoked). */
            active: boolean;
            client_id?: components["schemas"]["OAuthClientId"];
            /** @description The token's scopes, space-separated. */
            scope?: string;
            /**
             * @description Always `Bearer`.
             * @constant
             */
            token_type?: "Bearer";
            exp?: components["schemas"]["UnixTime"];
            iat?: components["schemas"]["UnixTime"];
            /** @description The API version the token's requests are answered in (its client's). */
            api_version?: components["schemas"]["ApiVersion"] | string;
        };
        /**
         * OAuthErrorCode
         * @description An RFC 6749 error code. New codes are added as the API grows (RFC 6749 allows extension codes): treat an unknown one as a failure to obtain or check the token.
         * @enum {string}
         */
        OAuthErrorCode: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "server_error" | "temporarily_unavailable";
        /**
         * OAuthError
         * @description RFC 6749 §5.2 error response (the OAuth endpoints' own error shape).
         * @example {
         *       "error": "invalid_client",
         *       "error_description": "Client authentication failed."
         *     }
         */
        OAuthError: {
            /** @description An RFC 6749 error code (the `OAuthErrorCode` values). New codes are added as the API grows (RFC 6749 allows extension codes): treat an unknown one as a failure to obtain or check the token. */
            error: components["schemas"]["OAuthErrorCode"] | string;
            /** @description A human-readable explanation of the error. */
            error_description: string;
        };
        /**
         * @description Audit log entry id (`aud_` + ULID).
         * @example aud_01JF3QM5N7P9Q1R3S5T7V9W1X3
         */
        AuditLogId: string;
        /**
         * @description The API key (`key_...`), OAuth client (`oac_...`) or dashboard user (`usr_...`) that acted, or `system` for what the platform did by itself (a carrier its monitoring suspended, a webhook endpoint disabled after failing for five days) and for what an operator did on the server's command line (`npm run keys -- create`, `npm run users -- create` or `reset-password`).
         * @example usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1
         */
        AuditActor: string;
        /**
         * @description The id of the resource acted on (an API key, OAuth client, user, webhook endpoint, event, carrier, invoice or carrier payment).
         * @example key_01JF3QG0J2K4M6N8P0Q2R4S6T8
         */
        AuditTarget: string;
        /**
         * AuditAction
         * @description A privileged action, `<resource>.<verb>`:
         *
         *     | action | target | recorded when |
         *     |---|---|---|
         *     | `api_key.created`, `api_key.revoked` | the key | an API key is created or revoked |
         *     | `oauth_client.created`, `oauth_client.revoked` | the client | an OAuth client is created or revoked |
         *     | `user.created`, `user.updated`, `user.deleted` | the user | a dashboard user is created, changed or removed |
         *     | `user.password_changed` | the user | a user changes their own password |
         *     | `user.password_reset` | the user | a user's password is reset (a new one generated) |
         *     | `webhook_endpoint.created`, `webhook_endpoint.updated`, `webhook_endpoint.deleted` | the endpoint | a webhook endpoint is created, changed (including enabled or disabled) or deleted |
         *     | `webhook_endpoint.secret_rotated` | the endpoint | its signing secret is rotated |
         *     | `webhook_endpoint.disabled` | the endpoint | the platform disabled it after five days of failures without a success (actor `system`) |
         *     | `webhook_endpoint.deliveries_recovered` | the endpoint | its permanently failed deliveries are sent again |
         *     | `event.replayed` | the event | an event is sent again |
         *     | `carrier.suspended`, `carrier.reinstated` | the carrier | a carrier is suspended or reinstated by a caller |
         *     | `carrier.revetted` | the carrier | a carrier is queued for vetting again by a caller |
         *     | `invoice.voided` | the invoice | an invoice is voided |
         *     | `carrier_payment.sent` | the carrier payment | a carrier is paid |
         *     | `carrier_payment.voided` | the carrier payment | a carrier payment recorded by mistake is voided |
         *     | `order.reopened` | the order | an order cancelled or delivered by mistake is reopened |
         *     | `payment.returned` | the payment | a received payment is recorded as returned by the bank |
         *     | `test_data.deleted` | the deletion | the account's test data is deleted (`DELETE /v1/test_data`) |
         *
         *     New actions are added as the API grows, without a new API version: keep actions you do not know as they are.
         * @example api_key.revoked
         * @enum {string}
         */
        AuditAction: "api_key.created" | "api_key.revoked" | "oauth_client.created" | "oauth_client.revoked" | "user.created" | "user.updated" | "user.deleted" | "user.password_changed" | "user.password_reset" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deliveries_recovered" | "webhook_endpoint.disabled" | "event.replayed" | "carrier.suspended" | "carrier.reinstated" | "carrier.revetted" | "invoice.voided" | "carrier_payment.sent" | "carrier_payment.voided" | "order.reopened" | "payment.returned" | "test_data.deleted";
        /**
         * AuditLog
         * @description One privileged action, recorded in the same transaction as the action itself (so an action
         *     that failed leaves no entry) and announced by an `audit.privileged_action` event carrying
         *     this object. Append-only: never changed or removed.
         */
        AuditLog: {
            id: components["schemas"]["AuditLogId"];
            /**
             * @description The kind of object: always `audit_log`.
             * @constant
             */
            object: "audit_log";
            livemode: components["schemas"]["Livemode"];
            actor: components["schemas"]["AuditActor"];
            /** @description What was done, `<resource>.<verb>` (`api_key.created`, `carrier.suspended`, ...). */
            action: components["schemas"]["AuditAction"] | string;
            target: components["schemas"]["AuditTarget"];
            /** @description The request that performed the action (its `Request-Id`). */
            request_id: components["schemas"]["RequestId"] | null;
            /** @description The caller's IP address. */
            ip: string | null;
            created: components["schemas"]["UnixTime"];
        };
        /** AuditLogList */
        AuditLogList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["AuditLog"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["AuditLogId"] | null;
        };
        /**
         * @description Invoice id (`inv_` + ULID).
         * @example inv_01JF3QF2H4K6M8P0R2T4V6X8Z0
         */
        InvoiceId: string;
        /**
         * @description Payment id (`pay_` + ULID).
         * @example pay_01JF3QG4J6K8N0Q2S4T6W8Y0A2
         */
        PaymentId: string;
        /**
         * @description Carrier payment id (`cpy_` + ULID).
         * @example cpy_01JF3QH6K8M0P2R4T6V8X0Z2B4
         */
        CarrierPaymentId: string;
        /**
         * @description Ledger entry (journal line) id (`lge_` + ULID).
         * @example lge_01JF3QJ8M0P2R4T6V8X0Z2B4D6
         */
        LedgerEntryId: string;
        /**
         * @description Journal entry id (`jrn_` + ULID), shared by the lines of one journal entry.
         * @example jrn_01JF3QJ8M0P2R4T6V8X0Z2B4D5
         */
        JournalEntryId: string;
        /**
         * @description The object a journal entry was posted for.
         * @example pay_01JF3QG4J6K8N0Q2S4T6W8Y0A2
         */
        LedgerSourceId: string;
        /**
         * DateRange
         * @description Inclusive range of calendar dates.
         * @example {
         *       "gte": "2026-12-01",
         *       "lte": "2026-12-31"
         *     }
         */
        DateRange: {
            gte?: components["schemas"]["CalendarDate"];
            lte?: components["schemas"]["CalendarDate"];
        };
        /**
         * @description An amount in minor units (cents), at least 1.
         * @example 50000
         */
        PositiveAmountCents: number;
        /**
         * PaymentMethod
         * @description How money moved.
         * @example ach
         * @enum {string}
         */
        PaymentMethod: "ach" | "wire" | "check" | "card";
        /**
         * InvoiceStatus
         * @description `DRAFT` (editable) -> `SENT` (issued, awaiting payment) -> `PAID` (payments brought
         *     `amount_remaining` to 0); a `SENT` invoice with no payment applied can become `VOID`; a `PAID`
         *     invoice is `SENT` again when a payment of it is returned by the bank (`invoice.reopened`).
         * @example SENT
         * @enum {string}
         */
        InvoiceStatus: "DRAFT" | "SENT" | "PAID" | "VOID";
        /**
         * InvoiceSentVia
         * @description How an invoice is sent.
         * @example email
         * @enum {string}
         */
        InvoiceSentVia: "email" | "post";
        /**
         * InvoiceLineCreate
         * @example {
         *       "description": "Chicago, IL to Miami Beach, FL - 2003 Honda Accord",
         *       "quantity": 1,
         *       "unit_amount": 145000,
         *       "order_id": "ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B"
         *     }
         */
        InvoiceLineCreate: {
            description: components["schemas"]["Line"];
            /** @description How many units (1 to 1000). */
            quantity: number;
            unit_amount: components["schemas"]["PositiveAmountCents"];
            order_id?: components["schemas"]["OrderId"];
        };
        /** @description The invoice's lines, 1 to 50; an order appears on at most one line. */
        InvoiceLines: components["schemas"]["InvoiceLineCreate"][];
        /** InvoiceLine */
        InvoiceLine: {
            /** @description What the line bills, as printed on the invoice. */
            description: string;
            /** @description How many units. */
            quantity: number;
            /** @description The price of one unit, in cents of the invoice's `currency`. */
            unit_amount: number;
            /** @description `quantity` x `unit_amount`, in cents. */
            amount: number;
            /** @description The order the line bills; null for other charges. */
            order_id: components["schemas"]["OrderId"] | null;
        };
        /**
         * Invoice
         * @description A bill to a customer. Every amount is computed by the server, in cents.
         */
        Invoice: {
            id: components["schemas"]["InvoiceId"];
            /**
             * @description The kind of object: always `invoice`.
             * @constant
             */
            object: "invoice";
            livemode: components["schemas"]["Livemode"];
            /** @description Human-readable number, unique within the account and without gaps (`INV-000001`, `INV-000002` ...). */
            number: string;
            status: components["schemas"]["InvoiceStatus"];
            customer_id: components["schemas"]["CustomerId"];
            currency: components["schemas"]["Currency"];
            /** @description What is billed, one line per item (an order's transport, a fee ...). */
            lines: components["schemas"]["InvoiceLine"][];
            /** @description The sum of the lines' amounts. */
            subtotal: number;
            /** @description What the customer owes in total (the subtotal). */
            amount_due: number;
            /** @description The sum of the succeeded payments applied. */
            amount_paid: number;
            /** @description `amount_due` - `amount_paid`. */
            amount_remaining: number;
            due_date: components["schemas"]["CalendarDate"];
            /** @description `SENT` with something remaining and its due date behind (UTC): from the day after `due_date`. */
            past_due: boolean;
            /** @description How the invoice was sent; null until sent. */
            sent_via: components["schemas"]["InvoiceSentVia"] | null;
            /** @description The email address or the postal address it was sent to; null until sent. */
            sent_to: string | components["schemas"]["PostalAddress"] | null;
            sent_at: components["schemas"]["UnixTime"] | null;
            paid_at: components["schemas"]["UnixTime"] | null;
            voided_at: components["schemas"]["UnixTime"] | null;
            /**
             * @description Where the invoice's PDF is (`GET /v1/invoices/{id}.pdf`), relative to the API's base URL.
             * @example /v1/invoices/inv_01JF3QF2H4K6M8P0R2T4V6X8Z0.pdf
             */
            invoice_pdf: string;
            /**
             * @description The invoice's page for its customer, no sign-in (the link is the key): the invoice and its
             *     PDF, whether it is paid, due or past due, how to pay (the account's
             *     `payment_instructions`) and the tracking pages of its loads. Given when the invoice is
             *     sent (null for a draft); it stops working 30 days after the invoice is paid or voided.
             */
            hosted_invoice_url: string | null;
            /** @description The last message that sent the invoice (email or letter); null until sent. */
            delivery: components["schemas"]["MessageDelivery"] | null;
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
        };
        /**
         * InvoiceCreate
         * @example {
         *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
         *       "due_date": "2026-12-31",
         *       "lines": [
         *         {
         *           "description": "Chicago, IL to Miami Beach, FL - 2003 Honda Accord",
         *           "quantity": 1,
         *           "unit_amount": 145000
         *         }
         *       ]
         *     }
         */
        InvoiceCreate: {
            customer_id: components["schemas"]["CustomerId"];
            /** @default usd */
            currency: components["schemas"]["Currency"];
            lines: components["schemas"]["InvoiceLines"];
            due_date: components["schemas"]["CalendarDate"];
            /**
             * @description Send the invoice at once: `true` sends it as `POST /v1/invoices/{id}/send` with no body does
             *     (to the customer's email, else its billing address); an object says how and to whom, as the
             *     body of that operation does.
             * @default false
             */
            send: boolean | components["schemas"]["InvoiceSend"];
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * InvoiceUpdate
         * @example {
         *       "due_date": "2027-01-15"
         *     }
         */
        InvoiceUpdate: {
            lines?: components["schemas"]["InvoiceLines"];
            due_date?: components["schemas"]["CalendarDate"];
            /** @description Keys to set on the invoice's `metadata` (a `null` value removes the key); changes an invoice in any status, where `lines` and `due_date` change only a `DRAFT`. */
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /**
         * InvoiceSend
         * @description How and to whom, one field at most: `email` (sent by email to that address), `address` (by
         *     post to that address), or `sent_via` alone (`email` to the customer's email, `post` to its
         *     billing address). Empty: the customer's email, else its billing address.
         * @example {
         *       "email": "ap@acme-auto.example"
         *     }
         */
        InvoiceSend: {
            sent_via?: components["schemas"]["InvoiceSentVia"];
            /** @description Send by email to this address. */
            email?: components["schemas"]["Email"];
            address?: components["schemas"]["PostalAddress"];
        };
        /** InvoiceList */
        InvoiceList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Invoice"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["InvoiceId"] | null;
        };
        /**
         * PaymentStatus
         * @description The outcome of a payment: `succeeded` (received and applied), `failed` (an attempt that moved no
         *     money) or `returned` (received, then taken back by the bank: `POST /v1/payments/{payment_id}/return`).
         *     `returned` is new in API version 2026-12-01; earlier versions read a returned payment as `failed`,
         *     with the return's reason as `failure_reason`.
         * @example succeeded
         * @enum {string}
         */
        PaymentStatus: "succeeded" | "failed" | "returned";
        /**
         * Payment
         * @description An inbound payment of a customer.
         */
        Payment: {
            id: components["schemas"]["PaymentId"];
            /**
             * @description The kind of object: always `payment`.
             * @constant
             */
            object: "payment";
            livemode: components["schemas"]["Livemode"];
            customer_id: components["schemas"]["CustomerId"];
            /** @description The invoice the payment was applied to (or attempted on); null for a payment on account. */
            invoice_id: components["schemas"]["InvoiceId"] | null;
            /** @description The amount paid, in cents (minor units) of `currency`. */
            amount: number;
            currency: components["schemas"]["Currency"];
            payment_method: components["schemas"]["PaymentMethod"];
            /** @description The payer's or the bank's reference (check number, trace number ...). */
            reference: string | null;
            status: components["schemas"]["PaymentStatus"];
            /** @description Why a failed payment failed; null when it succeeded. */
            failure_reason: string | null;
            /** @description When the payment was returned; null unless its status is `returned`. */
            returned_at: components["schemas"]["UnixTime"] | null;
            /** @description Why the bank returned it, as recorded; null unless its status is `returned`. */
            return_reason: string | null;
            created: components["schemas"]["UnixTime"];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
            /** @description When the payment last changed (it was returned), else when it was recorded. */
            updated: components["schemas"]["UnixTime"];
        };
        /**
         * PaymentCreate
         * @example {
         *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
         *       "amount": 50000,
         *       "payment_method": "ach"
         *     }
         */
        PaymentCreate: {
            customer_id: components["schemas"]["CustomerId"];
            invoice_id?: components["schemas"]["InvoiceId"];
            amount: components["schemas"]["PositiveAmountCents"];
            /** @default usd */
            currency: components["schemas"]["Currency"];
            payment_method: components["schemas"]["PaymentMethod"];
            reference?: components["schemas"]["Line"];
            /** @description Records a failed payment attempt (status `failed`) and why it failed; without it the payment succeeded. */
            failure_reason?: components["schemas"]["Line"];
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * PaymentReturn
         * @example {
         *       "reason": "R01: insufficient funds"
         *     }
         */
        PaymentReturn: {
            /** @description Why the bank returned the payment (its return code and words, a check's bounce reason ...). */
            reason: components["schemas"]["Line"];
        };
        /** PaymentList */
        PaymentList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Payment"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["PaymentId"] | null;
        };
        /**
         * CarrierPaymentStatus
         * @description A carrier payment is `sent` when it is recorded, and `voided` once it is voided as recorded by
         *     mistake (`POST /v1/carrier_payments/{carrier_payment_id}/void`: it pays for nothing, its orders
         *     can be paid again, and the ledger reverses it; `voided_at` and `void_reason` say when and why).
         * @example sent
         * @enum {string}
         */
        CarrierPaymentStatus: "sent" | "voided";
        /**
         * CarrierPayment
         * @description A payment to a carrier for delivered orders.
         */
        CarrierPayment: {
            id: components["schemas"]["CarrierPaymentId"];
            /**
             * @description The kind of object: always `carrier_payment`.
             * @constant
             */
            object: "carrier_payment";
            livemode: components["schemas"]["Livemode"];
            carrier_id: components["schemas"]["CarrierId"];
            /** @description The delivered orders this payment settles (each paid at most once). */
            order_ids: components["schemas"]["OrderId"][];
            /** @description The sum of the orders' `carrier_pay`, in cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
            payment_method: components["schemas"]["PaymentMethod"];
            /** @description The payment's reference (check number, wire or ACH trace); null when none was given. */
            reference: string | null;
            status: components["schemas"]["CarrierPaymentStatus"];
            sent_at: components["schemas"]["UnixTime"];
            /**
             * @description When the payment was voided as recorded by mistake (`POST /v1/carrier_payments/{carrier_payment_id}/void`);
             *     null while it stands. A voided payment pays for nothing: its orders can be paid again, and the
             *     ledger reverses it.
             */
            voided_at: components["schemas"]["UnixTime"] | null;
            /** @description Why the payment was voided; null unless it was. */
            void_reason: string | null;
            /**
             * @description Where the remittance advice PDF is (`GET /v1/carrier_payments/{id}.pdf`), relative to the API's base URL.
             * @example /v1/carrier_payments/cpy_01JF3QH6K8M0P2R4T6V8X0Z2B4.pdf
             */
            remittance_pdf: string;
            /** @description The message that emailed the remittance advice to the carrier. */
            remittance: components["schemas"]["MessageDelivery"] | null;
            created: components["schemas"]["UnixTime"];
            /** @description The integrator's own key-value pairs (up to 50; keys up to 40 characters, values up to 500); not used by the service. */
            metadata: {
                [key: string]: string;
            };
        };
        /**
         * CarrierPaymentVoid
         * @description Why a carrier payment is voided.
         * @example {
         *       "reason": "Recorded against the wrong carrier; no money left the bank."
         *     }
         */
        CarrierPaymentVoid: {
            /** @description Why the payment is voided (the mistake it corrects); kept as the payment's `void_reason` and in the audit log. */
            reason: components["schemas"]["Line"];
        };
        /**
         * CarrierPaymentCreate
         * @example {
         *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
         *       "order_ids": [
         *         "ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B"
         *       ],
         *       "payment_method": "ach"
         *     }
         */
        CarrierPaymentCreate: {
            carrier_id: components["schemas"]["CarrierId"];
            /** @description Delivered orders of the carrier, each paid at most once. */
            order_ids: components["schemas"]["OrderId"][];
            payment_method: components["schemas"]["PaymentMethod"];
            reference?: components["schemas"]["Line"];
            metadata?: components["schemas"]["Metadata"];
        };
        /** CarrierPaymentList */
        CarrierPaymentList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["CarrierPayment"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["CarrierPaymentId"] | null;
        };
        /**
         * LedgerAccount
         * @description The accounts of the general ledger: `cash` (money in the bank), `accounts_receivable` (what
         *     customers were invoiced and owe), `unbilled_receivables` (delivered loads not invoiced yet, at
         *     their price), `deferred_revenue` (what invoices billed before the load was delivered, or
         *     billed with no load), `revenue` (what delivered loads earned), `carrier_cost` (what moving
         *     them cost), `carrier_payable` (what is owed to carriers). New accounts may be added; list
         *     the ones you know.
         * @example cash
         * @enum {string}
         */
        LedgerAccount: "cash" | "accounts_receivable" | "unbilled_receivables" | "deferred_revenue" | "revenue" | "carrier_cost" | "carrier_payable";
        /**
         * LedgerEntry
         * @description One line of a journal entry of the general ledger.
         */
        LedgerEntry: {
            id: components["schemas"]["LedgerEntryId"];
            /**
             * @description The kind of object: always `ledger_entry`.
             * @constant
             */
            object: "ledger_entry";
            livemode: components["schemas"]["Livemode"];
            journal_entry_id: components["schemas"]["JournalEntryId"];
            /** @description The ledger account the line posts to (`cash`, `accounts_receivable`, `unbilled_receivables`, `deferred_revenue`, `revenue`, `carrier_payable`, `carrier_cost`). */
            ledger_account: components["schemas"]["LedgerAccount"] | string;
            /**
             * LedgerDirection
             * @description Whether the line debits or credits its ledger account.
             * @enum {string}
             */
            direction: "debit" | "credit";
            /** @description In cents. */
            amount: number;
            currency: components["schemas"]["Currency"];
            /**
             * LedgerSourceType
             * @description The kind of object the entry was posted for.
             * @enum {string}
             */
            source_type: "invoice" | "payment" | "order" | "carrier_payment";
            source_id: components["schemas"]["LedgerSourceId"];
            /** @description The load the line is about (revenue, carrier cost, unbilled and deferred amounts are per load); null otherwise. */
            order_id: components["schemas"]["OrderId"] | null;
            /** @description What the journal entry records. */
            description: string;
            created: components["schemas"]["UnixTime"];
        };
        /** LedgerEntryList */
        LedgerEntryList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["LedgerEntry"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["LedgerEntryId"] | null;
        };
        /** LedgerAccountBalance */
        LedgerAccountBalance: {
            /** @description The ledger account. */
            ledger_account: components["schemas"]["LedgerAccount"] | string;
            /**
             * LedgerNormalBalance
             * @description The side that increases the account (`debit` for cash, the receivables and cost; `credit` for deferred revenue, revenue and payable).
             * @enum {string}
             */
            normal_balance: "debit" | "credit";
            /** @description The sum of the account's debit lines, in cents. */
            debits: number;
            /** @description The sum of the account's credit lines, in cents. */
            credits: number;
            /** @description On the account's normal side (debits - credits, or credits - debits), in cents. */
            balance: number;
        };
        /**
         * LedgerBalances
         * @description A trial balance. `total_debits` always equals `total_credits`.
         */
        LedgerBalances: {
            /**
             * @description The kind of object: always `ledger_balances`.
             * @constant
             */
            object: "ledger_balances";
            livemode: components["schemas"]["Livemode"];
            currency: components["schemas"]["Currency"];
            as_of: components["schemas"]["UnixTime"];
            /** @description Every ledger account, in a fixed order. */
            accounts: components["schemas"]["LedgerAccountBalance"][];
            /** @description The sum of every debit line, in cents; always equals `total_credits`. */
            total_debits: number;
            /** @description The sum of every credit line, in cents; always equals `total_debits`. */
            total_credits: number;
        };
        /**
         * @description Message id (`msg_` + ULID).
         * @example msg_01JF3QF4K6M8P0R2T4V6X8Z0B2
         */
        MessageId: string;
        /**
         * @description The invoice, carrier payment or order a message is about.
         * @example inv_01JF3QF2H4K6M8P0R2T4V6X8Z0
         */
        MessageSubjectId: string;
        /**
         * MessageKind
         * @description `invoice` (to the customer, by email or post), `remittance` (remittance advice to the carrier
         *     paid), `rate_confirmation` (to the carrier an order is dispatched to), `order_dispatched`,
         *     `order_picked_up` and `order_delivered` (to the order's customer, with its tracking link; the
         *     delivery email with the signed bill of lading), as the customer's `notifications` ask. New
         *     kinds are added as the service sends new mail: show a kind you do not know as it is.
         *     Reading a message needs `accounting:read`, and for the kinds about an order
         *     (`rate_confirmation`, `order_*`, which carry the load, its carrier pay and tracking link)
         *     `orders:read` as well, as the order itself does.
         * @enum {string}
         */
        MessageKind: "invoice" | "remittance" | "rate_confirmation" | "order_dispatched" | "order_picked_up" | "order_delivered";
        /**
         * MessageChannel
         * @description `email` (delivered by the mail worker over SMTP) or `post` (a letter in the print queue).
         * @enum {string}
         */
        MessageChannel: "email" | "post";
        /**
         * MessageStatus
         * @description `queued` (waiting for its next attempt, or a letter not posted yet), `sent` (the mail server
         *     accepted it, or the letter was marked posted), `failed` (refused for good, or not accepted
         *     after the last retry), `cancelled` (withdrawn before it went out: its invoice was voided),
         *     `kept` (recorded with its attachment and shown, and not sent: a message of test mode, never
         *     sent or printed; or an email written while no mail server was configured (no `SMTP_URL`),
         *     which stays kept once one is, until `POST /v1/messages/{message_id}/send` sends it).
         * @enum {string}
         */
        MessageStatus: "queued" | "sent" | "failed" | "cancelled" | "kept";
        /** @description An email address, or for a letter the postal address. */
        MessageRecipient: string | components["schemas"]["PostalAddress"];
        /**
         * MessageDelivery
         * @description Where a message went and how its delivery stands.
         */
        MessageDelivery: {
            message_id: components["schemas"]["MessageId"];
            channel: components["schemas"]["MessageChannel"];
            to: components["schemas"]["MessageRecipient"];
            status: components["schemas"]["MessageStatus"];
            /** @description Delivery attempts so far (0 for a letter). */
            attempts: number;
            /** @description The mail server's last refusal, or why it could not be reached; null when none. */
            last_error: string | null;
            /** @description When the next attempt is due; null when none is. */
            next_attempt_at: components["schemas"]["UnixTime"] | null;
            /** @description When the mail server accepted it, or the letter was marked posted. */
            sent_at: components["schemas"]["UnixTime"] | null;
        };
        /** MessageAttachment */
        MessageAttachment: {
            /** @description The attachment's file name. */
            filename: string;
            /**
             * @description The attachment's media type (`application/pdf`).
             * @constant
             */
            content_type: "application/pdf";
            /** @description In bytes. */
            size: number;
            /** @description Of the bytes sent (and kept). */
            sha256: string;
            /** @description Where to download it (`GET /v1/messages/{id}/attachments/{index}.pdf`), relative to the API's base URL. */
            url: string;
        };
        /**
         * Message
         * @description An email or a letter the service sent, or will.
         */
        Message: {
            id: components["schemas"]["MessageId"];
            /**
             * @description The kind of object: always `message`.
             * @constant
             */
            object: "message";
            livemode: components["schemas"]["Livemode"];
            /** @description What the message is (an invoice, a remittance advice, a rate confirmation, a load email to the customer); show a kind you do not know as it is. */
            kind: components["schemas"]["MessageKind"] | string;
            channel: components["schemas"]["MessageChannel"];
            subject_id: components["schemas"]["MessageSubjectId"];
            to: components["schemas"]["MessageRecipient"];
            /** @description The recipient's name; null when only the address is known. */
            to_name: string | null;
            /** @description The message's subject line. */
            subject: string;
            /** @description The plain-text body. */
            text: string;
            /** @description The HTML body. */
            html: string;
            /**
             * @description The `Message-ID` header every attempt carries (so a receiver can tell a repeat).
             * @example <msg_01JF3QF4K6M8P0R2T4V6X8Z0B2@mail.vehicle-transport.example>
             */
            internet_message_id: string;
            status: components["schemas"]["MessageStatus"];
            /** @description Delivery attempts made so far. */
            attempts: number;
            /** @description Why the last attempt failed (the mail server's answer); null when none failed. */
            last_error: string | null;
            next_attempt_at: components["schemas"]["UnixTime"] | null;
            sent_at: components["schemas"]["UnixTime"] | null;
            /** @description The PDF documents attached to the message. */
            attachments: components["schemas"]["MessageAttachment"][];
            created: components["schemas"]["UnixTime"];
            /** @description When the message last changed (an attempt, its status). */
            updated: components["schemas"]["UnixTime"];
        };
        /** MessageList */
        MessageList: {
            /**
             * @description Always `list`.
             * @constant
             */
            object: "list";
            /** @description The objects of this page, in the list's order. */
            data: components["schemas"]["Message"][];
            /** @description Whether another page follows; ask for it with `cursor` set to `next_cursor`. */
            has_more: boolean;
            /** @description How many objects match the filters in all; only with `include[]=total_count`. */
            total_count?: number;
            next_cursor: components["schemas"]["MessageId"] | null;
        };
        /** LettersMailed */
        LettersMailed: {
            /** @description The letters marked as mailed. */
            message_ids: components["schemas"]["MessageId"][];
        };
        /**
         * LettersMailedResult
         * @description What `mark_mailed` did, as one object (every letter it marked).
         */
        LettersMailedResult: {
            /**
             * @description The kind of object: always `letters_mailed`.
             * @constant
             */
            object: "letters_mailed";
            /** @description The letters marked as mailed, now `sent`, in the order they were named. */
            messages: components["schemas"]["Message"][];
        };
        /**
         * @description Account id (`acct_` + ULID).
         * @example acct_01JF3Q7X5V3T1R9P7N5K3J1G9E
         */
        AccountId: string;
        /**
         * RemitTo
         * @description Where customers mail payments (a postal address), when not to the account's `address`.
         */
        RemitTo: components["schemas"]["PostalAddress"];
        /** @description How customers pay (bank, routing and account numbers, terms), up to 1,000 characters of text. */
        PaymentInstructions: components["schemas"]["Text"];
        /**
         * Account
         * @description The brokerage that owns the data, and the details its documents carry.
         */
        Account: {
            id: components["schemas"]["AccountId"];
            /**
             * @description The kind of object: always `account`.
             * @constant
             */
            object: "account";
            livemode: components["schemas"]["Livemode"];
            /** @description The account's name (given when it was created). */
            name: string;
            /** @description The brokerage's legal name on documents; null until set (documents then carry the account's `name`). */
            legal_name: string | null;
            address: components["schemas"]["PostalAddress"] | null;
            phone: components["schemas"]["PhoneE164"] | null;
            /** @description The brokerage's email address printed on documents; null when not set. */
            email: components["schemas"]["Email"] | null;
            remit_to: components["schemas"]["RemitTo"] | null;
            /** @description How customers pay (bank details, payee), printed on the documents; null when not set. */
            payment_instructions: string | null;
            /** @description Whether an order's tracking page shows the order's price to the customer (off by default; carrier pay is never shown). */
            tracking_shows_price: boolean;
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
        };
        /** AccountUpdate */
        AccountUpdate: {
            legal_name?: components["schemas"]["Line"] | null;
            address?: components["schemas"]["PostalAddress"] | null;
            phone?: components["schemas"]["PhoneE164"] | null;
            /** @description The brokerage's email address printed on documents; null clears it. */
            email?: components["schemas"]["Email"] | null;
            remit_to?: components["schemas"]["RemitTo"] | null;
            payment_instructions?: components["schemas"]["PaymentInstructions"] | null;
            /** @description Show each order's price on its tracking page. */
            tracking_shows_price?: boolean;
        };
    };
    responses: {
        /** @description The dashboard user. */
        UserOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["User"];
            };
        };
        /** @description The email or password is wrong, or the user is disabled (`authentication_error`, `invalid_credentials`). */
        InvalidCredentials: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "authentication_error",
                 *         "code": "invalid_credentials",
                 *         "message": "The email or password is not correct.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The API key (without its secret). */
        ApiKeyOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiKey"];
            };
        };
        /** @description The OAuth client (without its secret). */
        OAuthClientOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthClient"];
            };
        };
        /**
         * @description RFC 6749 §5.2: `invalid_request` (malformed, missing parameter, not form-encoded, too large),
         *     `unsupported_grant_type`, or `invalid_scope` (a scope the client does not hold).
         */
        OAuthBadRequest: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid_scope",
                 *       "error_description": "The client does not hold the scope carriers:write."
                 *     }
                 */
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description RFC 6749 §5.2 `invalid_client`: client authentication failed (missing, unknown, wrong secret, revoked). */
        OAuthUnauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid_client",
                 *       "error_description": "Client authentication failed."
                 *     }
                 */
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description An unexpected error (`server_error`); logged with the request id. */
        OAuthServerError: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "server_error",
                 *       "error_description": "Something went wrong on our side; quote the request id to support."
                 *     }
                 */
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The request is invalid (`validation_error`); `param` names the offending field. */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "validation_error",
                 *         "code": "missing_required_field",
                 *         "message": "Missing required field: customer_id.",
                 *         "param": "customer_id",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or unknown credentials (`authentication_error`). */
        Unauthorized: {
            headers: {
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "authentication_error",
                 *         "code": "invalid_api_key",
                 *         "message": "The API key is not valid.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks the scope this operation needs (`permission_error`). */
        Forbidden: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "permission_error",
                 *         "code": "insufficient_scope",
                 *         "message": "This operation needs the scope orders:write.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource in the caller's account (`not_found_error`). */
        NotFound: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "not_found_error",
                 *         "code": "resource_missing",
                 *         "message": "No such order: ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B.",
                 *         "param": "order_id",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The request conflicts with the resource's current state, or its `Idempotency-Key` was used
         *     with another request or is still in use (`conflict_error`).
         */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "conflict_error",
                 *         "code": "invalid_state_transition",
                 *         "message": "An order in status cancelled cannot be cancelled.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "invalid_request_error",
                 *         "code": "payload_too_large",
                 *         "message": "Request bodies are limited to 1048576 bytes.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "invalid_request_error",
                 *         "code": "unsupported_media_type",
                 *         "message": "Request bodies must be sent as application/json.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key's rate limit is exhausted (`rate_limit_error`); retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "rate_limit_error",
                 *         "code": "rate_limit_exceeded",
                 *         "message": "Too many requests; retry after 1 second.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The webhook endpoint (without its secret). */
        WebhookEndpointOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["WebhookEndpoint"];
            };
        };
        /** @description The carrier. */
        CarrierOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Carrier"];
            };
        };
        /** @description The carrier after the action. */
        CarrierActionOk: {
            headers: {
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Carrier"];
            };
        };
        /** @description The compliance alert. */
        ComplianceAlertOk: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "id": "cal_01JF3QG2J4K6M8N0P2Q4R6S8T0",
                 *       "object": "compliance_alert",
                 *       "livemode": true,
                 *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
                 *       "kind": "insurance_certificate",
                 *       "expiry_date": "2026-11-10",
                 *       "status": "open",
                 *       "resolution_note": null,
                 *       "resolved_at": null,
                 *       "details": null,
                 *       "cleared_at": null,
                 *       "created": 1764547200,
                 *       "updated": 1764547200
                 *     }
                 */
                "application/json": components["schemas"]["ComplianceAlert"];
            };
        };
        /** @description The compliance alert after the action. */
        ComplianceAlertActionOk: {
            headers: {
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "id": "cal_01JF3QG2J4K6M8N0P2Q4R6S8T0",
                 *       "object": "compliance_alert",
                 *       "livemode": true,
                 *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
                 *       "kind": "insurance_certificate",
                 *       "expiry_date": "2026-11-10",
                 *       "status": "open",
                 *       "resolution_note": null,
                 *       "resolved_at": null,
                 *       "details": null,
                 *       "cleared_at": null,
                 *       "created": 1764547200,
                 *       "updated": 1764547200
                 *     }
                 */
                "application/json": components["schemas"]["ComplianceAlert"];
            };
        };
        /** @description The order after the action. */
        OrderOk: {
            headers: {
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Order"];
            };
        };
        /** @description An unexpected error (`api_error`); logged with the request id. */
        InternalError: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "api_error",
                 *         "code": "internal_error",
                 *         "message": "Something went wrong on our side; quote the request id to support.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The database cannot be reached right now (`api_error`, `service_unavailable`): nothing was
         *     done, and the same request can be retried after `Retry-After` seconds (with the same
         *     `Idempotency-Key` for a POST). Answered within a few seconds, never left hanging.
         */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "api_error",
                 *         "code": "service_unavailable",
                 *         "message": "The service is temporarily unavailable; retry after 5 seconds.",
                 *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Too many requests from this client address, or too many failed authentications of this
         *     client (RFC 6749 §5.2 `invalid_request`); retry after `Retry-After` seconds.
         */
        OAuthTooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid_request",
                 *       "error_description": "Too many requests; retry after 1 second(s)."
                 *     }
                 */
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The database cannot be reached right now (`temporarily_unavailable`); retry after `Retry-After` seconds. */
        OAuthServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "temporarily_unavailable",
                 *       "error_description": "The service is temporarily unavailable; retry after 5 seconds."
                 *     }
                 */
                "application/json": components["schemas"]["OAuthError"];
            };
        };
    };
    parameters: {
        /**
         * @description The API version the document describes: its answers and event payloads as a key, an OAuth
         *     client or a webhook endpoint pinned to that version receives them, and the requests such a
         *     key sends (the paths, names and statuses that version had). The current version when left
         *     out; an unknown version is 400 `invalid_value`.
         */
        DocumentVersion: components["schemas"]["ApiVersion"];
        /**
         * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
         *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
         *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
         *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
         *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
         *     they can be retried with the same key.
         * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
         */
        IdempotencyKey: string;
        /** @description The API key's id. */
        ApiKeyIdPath: components["schemas"]["ApiKeyId"];
        /** @description The OAuth client's id (its `client_id`). */
        OAuthClientIdPath: components["schemas"]["OAuthClientId"];
        /**
         * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
         *     filters in all (every page), counted by the database with the same filters (Stripe's
         *     convention). Without it no count is made.
         */
        IncludeTotalCount: "total_count"[];
        /** @description Page size, 1 to 100. */
        Limit: number;
        /** @description The webhook endpoint's id. */
        WebhookEndpointIdPath: components["schemas"]["WebhookEndpointId"];
        /** @description The event's id. */
        EventIdPath: components["schemas"]["EventId"];
        /** @description The carrier's id. */
        CarrierIdPath: components["schemas"]["CarrierId"];
        /** @description The compliance alert's id. */
        ComplianceAlertIdPath: components["schemas"]["ComplianceAlertId"];
        /** @description The user's id. */
        UserIdPath: components["schemas"]["UserId"];
        /** @description The order's id. */
        OrderIdPath: components["schemas"]["OrderId"];
        /** @description The invoice's id. */
        InvoiceIdPath: components["schemas"]["InvoiceId"];
        /** @description The payment's id. */
        PaymentIdPath: components["schemas"]["PaymentId"];
        /** @description The carrier payment's id. */
        CarrierPaymentIdPath: components["schemas"]["CarrierPaymentId"];
        /** @description The message's id. */
        MessageIdPath: components["schemas"]["MessageId"];
        /** @description The test clock's id. */
        TestClockIdPath: components["schemas"]["TestClockId"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description Present (`true`) when the answer is the stored answer of an earlier request with the same `Idempotency-Key`.
         * @example true
         */
        "Idempotent-Replayed": "true";
        /**
         * @description OAuth answers are never cached.
         * @example no-store
         */
        "Cache-Control": "no-store";
        /**
         * @description `gzip` when the request accepted it (`Accept-Encoding`); absent otherwise.
         * @example gzip
         */
        "Content-Encoding": "gzip";
        /**
         * @description The answer depends on `Accept-Encoding`.
         * @example Accept-Encoding
         */
        Vary: "Accept-Encoding";
        /**
         * @description Identifier of this request (`req_...`); the same value as `error.request_id`. Quote it to support.
         * @example req_01JF3QB2X4Y6Z8A0C2E4G6J8K0
         */
        "Request-Id": string;
        /**
         * @description The API version that rendered this response.
         * @example 2027-01-15
         */
        "Service-Version": string;
        /**
         * @description Capacity of the caller's token bucket (the burst). On every response: the bucket of the key,
         *     token or session that authenticated the request; otherwise the bucket of the client's address,
         *     which unauthenticated requests and failed authentications draw from.
         * @example 200
         */
        "X-RateLimit-Limit": number;
        /**
         * @description Whole requests left now, under both the bucket and its 10-second window.
         * @example 199
         */
        "X-RateLimit-Remaining": number;
        /**
         * @description Unix second at which the bucket is full again and its 10-second window has ended.
         * @example 1764547260
         */
        "X-RateLimit-Reset": number;
        /**
         * @description Whole seconds until the next request can succeed.
         * @example 1
         */
        "Retry-After": number;
        /**
         * @description Path of the created resource.
         * @example /v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B
         */
        Location: string;
        /**
         * @description The dashboard session cookie: `vt_session=<token>; Path=/; HttpOnly; SameSite=Lax; Max-Age=...`
         *     (plus `Secure` outside development mode) when signing in; the same cookie with `Max-Age=0`
         *     when signing out.
         * @example vt_session=vts_3kTMd9Qm2x7WqZp8VbN4cR6yH1sLfA0eGuJoXiKtE5n; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800
         */
        "Set-Cookie": string;
        /**
         * @description The authentication scheme to use.
         * @example Bearer realm="api"
         */
        "WWW-Authenticate": string;
        /**
         * @description The document's file name (`inline`, so a browser shows it).
         * @example inline; filename="invoice-INV-000001.pdf"
         */
        "Content-Disposition": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCustomers: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a customer id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["CustomerId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Auto Sales",
                 *       "email": "dispatch@acme-auto.example",
                 *       "phone": "+13125550142",
                 *       "billing_address": {
                 *         "address1": "100 N Main St",
                 *         "city": "Chicago",
                 *         "state": "IL",
                 *         "zip": "60601"
                 *       },
                 *       "metadata": {
                 *         "crm_id": "4411"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CustomerCreate"];
            };
        };
        responses: {
            /** @description The customer was created. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                customer_id: components["schemas"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                customer_id: components["schemas"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "billing@acme-auto.example",
                 *       "metadata": {
                 *         "crm_id": "4412"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CustomerUpdate"];
            };
        };
        responses: {
            /** @description The updated customer. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an order id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["OrderId"];
                /** @description Only orders in this status. */
                status?: components["schemas"]["OrderStatus"];
                /** @description Only orders of this customer. */
                customer_id?: components["schemas"]["CustomerId"];
                /** @description Only orders dispatched to this carrier. */
                carrier_id?: components["schemas"]["CarrierId"];
                /** @description The order with this load number (`L-000123`). */
                number?: components["schemas"]["OrderNumber"];
                /** @description Only orders with exactly this reference (the customer's PO or stock number). */
                reference?: components["schemas"]["OrderReference"];
                /**
                 * @description `true`: only orders on an invoice that is not void; `false`: only orders on none.
                 *     `status=delivered&billed=false` lists what can be invoiced now.
                 */
                billed?: boolean;
                /**
                 * @description `true`: only orders in a carrier payment; `false`: only orders in none.
                 *     `status=delivered&carrier_paid=false` lists what is owed to carriers.
                 */
                carrier_paid?: boolean;
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
                 *       "pickup": {
                 *         "address1": "1200 W Lake St",
                 *         "city": "Chicago",
                 *         "state": "IL",
                 *         "zip": "60607",
                 *         "contact_name": "Dana Ortiz",
                 *         "contact_phone": "+13125550188"
                 *       },
                 *       "delivery": {
                 *         "address1": "500 Ocean Dr",
                 *         "city": "Miami Beach",
                 *         "state": "FL",
                 *         "zip": "33139"
                 *       },
                 *       "vehicles": [
                 *         {
                 *           "vin": "1HGCM82633A004352",
                 *           "year": 2003,
                 *           "make": "Honda",
                 *           "model": "Accord",
                 *           "type": "car",
                 *           "inoperable": false
                 *         }
                 *       ],
                 *       "ready_date": "2026-12-01",
                 *       "delivery_window_days": 7,
                 *       "price": 145000,
                 *       "carrier_pay": 120000
                 *     }
                 */
                "application/json": components["schemas"]["OrderCreate"];
            };
        };
        responses: {
            /** @description The order was created with status `pending`. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ready_date": "2026-12-03",
                 *       "delivery_window_days": 10
                 *     }
                 */
                "application/json": components["schemas"]["OrderUpdate"];
            };
        };
        responses: {
            /** @description The updated order. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Customer sold the vehicle before pickup."
                 *     }
                 */
                "application/json": components["schemas"]["OrderCancel"];
            };
        };
        responses: {
            /** @description The cancelled order. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reopenOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Cancelled the wrong load; the customer still ships."
                 *     }
                 */
                "application/json": components["schemas"]["OrderReopen"];
            };
        };
        responses: {
            /** @description The reopened order. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an endpoint id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["WebhookEndpointId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints (without secrets). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.acme-logistics.example/vehicle-transport",
                 *       "enabled_events": [
                 *         "order.created",
                 *         "order.cancelled"
                 *       ],
                 *       "description": "Order sync to our TMS"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointCreate"];
            };
        };
        responses: {
            /** @description The endpoint was created; `secret` is shown this once. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WebhookEndpointOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6",
                     *       "object": "webhook_endpoint",
                     *       "livemode": true,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled_events": [
                 *         "*"
                 *       ],
                 *       "status": "enabled"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointUpdate"];
            };
        };
        responses: {
            200: components["responses"]["WebhookEndpointOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_period_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["WebhookSecretRotation"];
            };
        };
        responses: {
            /** @description The endpoint with its new `secret`, shown this once. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event was recorded and its delivery is due at once. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a delivery id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["WebhookDeliveryId"];
                /** @description Only deliveries in this status. */
                status?: components["schemas"]["WebhookDeliveryStatus"];
            };
            header?: never;
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recoverWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": 1764547200
                 *     }
                 */
                "application/json": components["schemas"]["WebhookRecoveryRequest"];
            };
        };
        responses: {
            /** @description How many deliveries were queued again. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "webhook_recovery",
                     *       "livemode": true,
                     *       "webhook_endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6",
                     *       "since": 1764547200,
                     *       "until": 1764633600,
                     *       "requeued": 3
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id. */
                webhook_delivery_id: components["schemas"]["WebhookDeliveryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an event id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["EventId"];
                /** @description Only events of this type. */
                type?: components["schemas"]["EventType"];
                /**
                 * @description Only the events about this object (the id of their `data`: `ord_...`, `car_...`, `inv_...`
                 *     ...), oldest first, in `sequence` order; `cursor` is then the last event already seen
                 *     (its `sequence` is the position; an event no longer kept starts at the oldest kept one).
                 */
                object_id?: components["schemas"]["EventObjectId"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=...&created[lte]=...`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEventTypes: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an event type's `type`); the page starts after it. */
                cursor?: components["schemas"]["EventTypeId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "event_type",
                     *           "type": "order.created",
                     *           "summary": "A new order is created through the API or the dashboard.",
                     *           "description": "A new order is created through the API or the dashboard.",
                     *           "data_object": "order",
                     *           "scope": "orders:read",
                     *           "deprecated": false,
                     *           "schema": {
                     *             "type": "object",
                     *             "required": [
                     *               "id",
                     *               "object",
                     *               "type"
                     *             ]
                     *           }
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMarginReport: {
        parameters: {
            query: {
                /** @description The length of each row's period (UTC; weeks start on Monday). */
                interval?: components["schemas"]["ReportInterval"];
                /** @description The first day of the range (`YYYY-MM-DD`, UTC), inclusive. */
                from: components["schemas"]["CalendarDate"];
                /** @description The last day of the range, inclusive (at most 366 days after `from`). */
                to: components["schemas"]["CalendarDate"];
                /** @description The ledger's currency. */
                currency?: components["schemas"]["Currency"];
                /** @description Also split the range by customer, carrier or lane (`groups`). */
                group_by?: components["schemas"]["MarginGrouping"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revenue, carrier cost and margin per period (and per group with `group_by`). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarginReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReceivablesAgingReport: {
        parameters: {
            query?: {
                /** @description The day (`YYYY-MM-DD`, UTC) whose end the report describes; today by default. */
                as_of_date?: components["schemas"]["CalendarDate"];
                /** @description The ledger's currency. */
                currency?: components["schemas"]["Currency"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receivables aged per customer. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivablesAgingReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOperationsReport: {
        parameters: {
            query: {
                /** @description The length of each row's period (UTC; weeks start on Monday). */
                interval?: components["schemas"]["ReportInterval"];
                /** @description The first day of the range (`YYYY-MM-DD`, UTC), inclusive. */
                from: components["schemas"]["CalendarDate"];
                /** @description The last day of the range, inclusive (at most 366 days after `from`). */
                to: components["schemas"]["CalendarDate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Orders per period. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationsReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The event's id. */
                event_id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, as its envelope. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replayEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The event's id. */
                event_id: components["parameters"]["EventIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "webhook_endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6"
                 *     }
                 */
                "application/json": components["schemas"]["EventReplay"];
            };
        };
        responses: {
            /** @description The replay, with the deliveries it queued. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "event_replay",
                     *       "event_id": "evt_01JF3QD6F8H0J2K4M6N8P0Q2R4",
                     *       "deliveries": []
                     *     }
                     */
                    "application/json": components["schemas"]["EventReplayResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCarriers: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a carrier id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["CarrierId"];
                /** @description Only carriers in this status. */
                status?: components["schemas"]["CarrierStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of carriers. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["CarrierList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCarrier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "dot_number": "2847193",
                 *       "mc_number": "918274",
                 *       "contact_name": "Maria Delgado",
                 *       "contact_email": "dispatch@redline-auto.example",
                 *       "phone": "+16025550117"
                 *     }
                 */
                "application/json": components["schemas"]["CarrierCreate"];
            };
        };
        responses: {
            /** @description The carrier was onboarded and queued for vetting. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Carrier"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CarrierOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCarrier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_email": "safety@redline-auto.example",
                 *       "insurance_expiry_date": "2027-06-30"
                 *     }
                 */
                "application/json": components["schemas"]["CarrierUpdate"];
            };
        };
        responses: {
            200: components["responses"]["CarrierOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    suspendCarrier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Cargo claim under investigation"
                 *     }
                 */
                "application/json": components["schemas"]["CarrierSuspension"];
            };
        };
        responses: {
            200: components["responses"]["CarrierActionOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reinstateCarrier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CarrierActionOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revetCarrier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "mc_number": "918274"
                 *     }
                 */
                "application/json": components["schemas"]["CarrierRevet"];
            };
        };
        responses: {
            200: components["responses"]["CarrierActionOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    monitorCarrier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The read. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierRegistrySnapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            /** @description The database or the registry cannot answer right now (`service_unavailable`, `registry_unavailable`); nothing changed; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "api_error",
                     *         "code": "registry_unavailable",
                     *         "message": "The federal registry cannot answer right now (timeout); retry after 60 seconds.",
                     *         "request_id": "req_01JF3QB2X4Y6Z8A0C2E4G6J8K0"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCarrierRegistrySnapshots: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a registry read id). */
                cursor?: components["schemas"]["CarrierRegistrySnapshotId"];
            };
            header?: never;
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reads. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["CarrierRegistrySnapshotList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listComplianceAlerts: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an alert id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["ComplianceAlertId"];
                /** @description Only alerts in this status. */
                status?: components["schemas"]["ComplianceAlertStatus"];
                /** @description Only alerts of this carrier. */
                carrier_id?: components["schemas"]["CarrierId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alerts. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ComplianceAlertList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getComplianceAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The compliance alert's id. */
                compliance_alert_id: components["parameters"]["ComplianceAlertIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ComplianceAlertOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resolveComplianceAlert: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The compliance alert's id. */
                compliance_alert_id: components["parameters"]["ComplianceAlertIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "note": "New certificate received and filed."
                 *     }
                 */
                "application/json": components["schemas"]["ComplianceAlertResolution"];
            };
        };
        responses: {
            200: components["responses"]["ComplianceAlertActionOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dispatchOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
                 *       "carrier_pay": 120000
                 *     }
                 */
                "application/json": components["schemas"]["OrderDispatch"];
            };
        };
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pickUpOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "picked_up_at": 1764633600
                 *     }
                 */
                "application/json": components["schemas"]["OrderPickup"];
            };
        };
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deliverOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "signed_by": "Jordan Price",
                 *       "signed_at": 1764806400
                 *     }
                 */
                "application/json": components["schemas"]["OrderDelivery"];
            };
        };
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrderRateConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrderBillOfLading: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reportOrderException: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "delay",
                 *       "note": "Truck broke down near Nashville; new ETA two days later."
                 *     }
                 */
                "application/json": components["schemas"]["OrderExceptionCreate"];
            };
        };
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateOrderTrackingLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order with its new `tracking_url`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a key id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["ApiKeyId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "key_01JF3QG0J2K4M6N8P0Q2R4S6T8",
                     *           "object": "api_key",
                     *           "livemode": true,
                     *           "name": "TMS integration",
                     *           "scopes": [
                     *             "orders:read",
                     *             "orders:write"
                     *           ],
                     *           "api_version": "2026-12-01",
                     *           "last4": "x9Qb",
                     *           "created": 1764547200,
                     *           "updated": 1764547200,
                     *           "created_by": "usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1",
                     *           "last_used_at": null,
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "TMS integration",
                 *       "scopes": [
                 *         "orders:read",
                 *         "orders:write"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The key was created; `secret` is shown this once. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The API key's id. */
                api_key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ApiKeyOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The API key's id. */
                api_key_id: components["parameters"]["ApiKeyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOAuthClients: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a client id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["OAuthClientId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "oac_01JF3QH2K4M6N8P0Q2R4S6T8V0",
                     *           "object": "oauth_client",
                     *           "livemode": true,
                     *           "name": "Partner TMS",
                     *           "scopes": [
                     *             "orders:read"
                     *           ],
                     *           "api_version": "2026-12-01",
                     *           "created": 1764547200,
                     *           "updated": 1764547200,
                     *           "created_by": "usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1",
                     *           "revoked_at": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthClientList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOAuthClient: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Partner TMS",
                 *       "scopes": [
                 *         "orders:read"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OAuthClientCreate"];
            };
        };
        responses: {
            /** @description The client was created; `client_secret` is shown this once. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The OAuth client's id (its `client_id`). */
                oauth_client_id: components["parameters"]["OAuthClientIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OAuthClientOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeOAuthClient: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The OAuth client's id (its `client_id`). */
                oauth_client_id: components["parameters"]["OAuthClientIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked client. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "dispatch@acme-logistics.example",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SessionCreate"];
            };
        };
        responses: {
            /** @description Signed in; the session cookie is set. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Cookie"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidCredentials"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCurrentSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current session. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCurrentSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookie is cleared. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["Set-Cookie"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ses_01JF3QK4M6N8P0Q2R4S6T8V0W2",
                     *       "object": "session",
                     *       "livemode": true,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCurrentSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "livemode": false
                 *     }
                 */
                "application/json": components["schemas"]["SessionUpdate"];
            };
        };
        responses: {
            /** @description The session, in the mode asked for. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changeOwnPassword: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "my previous passphrase 2025",
                 *       "new_password": "tailgate orchard velvet compass"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description The password was changed; the answer is the signed-in user. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a user id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["UserId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1",
                     *           "object": "user",
                     *           "livemode": true,
                     *           "email": "dispatch@acme-logistics.example",
                     *           "name": "Dana Dispatcher",
                     *           "role": "developer",
                     *           "disabled": false,
                     *           "created": 1764547200,
                     *           "updated": 1764547200,
                     *           "last_login_at": 1764550800
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "dispatch@acme-logistics.example",
                 *       "name": "Dana Dispatcher",
                 *       "role": "developer"
                 *     }
                 */
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The user was created. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["UserOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user was removed. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1",
                     *       "object": "user",
                     *       "livemode": true,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            200: components["responses"]["UserOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resetUserPassword: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The user's id. */
                user_id: components["parameters"]["UserIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user, with the new password in `initial_password`, shown this once. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditLogs: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an audit log entry id). */
                cursor?: components["schemas"]["AuditLogId"];
                /** @description Only actions by this API key, OAuth client or dashboard user, or by the platform itself (`system`). */
                actor?: components["schemas"]["AuditActor"];
                /** @description Only this action. */
                action?: components["schemas"]["AuditAction"];
                /** @description Only actions on this resource (its id). */
                target?: components["schemas"]["AuditTarget"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=...&created[lte]=...`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit log entries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuditLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The audit log entry's id. */
                audit_log_id: components["schemas"]["AuditLogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit log entry. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a invoice id). */
                cursor?: components["schemas"]["InvoiceId"];
                /** @description Only invoices in this status. */
                status?: components["schemas"]["InvoiceStatus"];
                /** @description Only invoices of this customer. */
                customer_id?: components["schemas"]["CustomerId"];
                /** @description Only invoices past their due date and not paid (`true`), or only the others (`false`). */
                past_due?: boolean;
                /** @description Due-date range, inclusive: `due_date[gte]=2026-12-01&due_date[lte]=2026-12-31`. */
                due_date?: components["schemas"]["DateRange"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
                 *       "currency": "usd",
                 *       "due_date": "2026-12-31",
                 *       "lines": [
                 *         {
                 *           "description": "Chicago, IL to Miami Beach, FL - 2003 Honda Accord",
                 *           "quantity": 1,
                 *           "unit_amount": 145000,
                 *           "order_id": "ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B"
                 *         }
                 *       ],
                 *       "send": {
                 *         "email": "ap@acme-auto.example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["InvoiceCreate"];
            };
        };
        responses: {
            /** @description The invoice was created (`DRAFT`, or `SENT` with `send`). */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "due_date": "2027-01-15"
                 *     }
                 */
                "application/json": components["schemas"]["InvoiceUpdate"];
            };
        };
        responses: {
            /** @description The updated invoice. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "email": "ap@acme-auto.example"
                 *     }
                 */
                "application/json": components["schemas"]["InvoiceSend"];
            };
        };
        responses: {
            /** @description The sent invoice. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    voidInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The invoice's id. */
                invoice_id: components["parameters"]["InvoiceIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The voided invoice. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a payment id). */
                cursor?: components["schemas"]["PaymentId"];
                /** @description Only payments of this customer. */
                customer_id?: components["schemas"]["CustomerId"];
                /** @description Only payments applied to (or attempted on) this invoice. */
                invoice_id?: components["schemas"]["InvoiceId"];
                /** @description Only payments with this outcome. */
                status?: components["schemas"]["PaymentStatus"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
                 *       "invoice_id": "inv_01JF3QF2H4K6M8P0R2T4V6X8Z0",
                 *       "amount": 50000,
                 *       "currency": "usd",
                 *       "payment_method": "ach",
                 *       "reference": "ACH-20261215-0042"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentCreate"];
            };
        };
        responses: {
            /** @description The payment was recorded. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment's id. */
                payment_id: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    returnPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The payment's id. */
                payment_id: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "R01: insufficient funds"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentReturn"];
            };
        };
        responses: {
            /** @description The returned payment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCarrierPayments: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a carrier payment id). */
                cursor?: components["schemas"]["CarrierPaymentId"];
                /** @description Only payments to this carrier. */
                carrier_id?: components["schemas"]["CarrierId"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of carrier payments. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierPaymentList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCarrierPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
                 *       "order_ids": [
                 *         "ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B"
                 *       ],
                 *       "payment_method": "ach",
                 *       "reference": "ACH-20261210-0007"
                 *     }
                 */
                "application/json": components["schemas"]["CarrierPaymentCreate"];
            };
        };
        responses: {
            /** @description The carrier payment was sent. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The carrier payment. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCarrierPaymentPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    voidCarrierPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier payment's id. */
                carrier_payment_id: components["parameters"]["CarrierPaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Recorded against the wrong carrier; no money left the bank."
                 *     }
                 */
                "application/json": components["schemas"]["CarrierPaymentVoid"];
            };
        };
        responses: {
            /** @description The voided carrier payment. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a ledger entry id). */
                cursor?: components["schemas"]["LedgerEntryId"];
                /** @description Only lines of this ledger account. */
                ledger_account?: components["schemas"]["LedgerAccount"];
                /** @description Only lines posted for this object (an invoice, payment, order or carrier payment id). */
                source_id?: components["schemas"]["LedgerSourceId"];
                /** @description Only the lines about this load (its revenue, carrier cost, unbilled and deferred amounts, wherever posted). */
                order_id?: components["schemas"]["OrderId"];
                /** @description Only the lines of this journal entry. */
                journal_entry_id?: components["schemas"]["JournalEntryId"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of ledger entries. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerEntryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLedgerBalances: {
        parameters: {
            query?: {
                /** @description Count only lines posted at or before this Unix second. */
                as_of?: components["schemas"]["UnixTime"];
                /** @description The currency of the balances. */
                currency?: components["schemas"]["Currency"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trial balance. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerBalances"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a message id). */
                cursor?: components["schemas"]["MessageId"];
                /** @description Only messages of this kind (a kind about an order needs `orders:read` too, else 403). */
                kind?: components["schemas"]["MessageKind"];
                /** @description Only emails (`email`) or only letters (`post`). */
                channel?: components["schemas"]["MessageChannel"];
                /** @description Only messages in this status. */
                status?: components["schemas"]["MessageStatus"];
                /** @description Only the messages about this invoice, carrier payment or order. */
                subject_id?: components["schemas"]["MessageSubjectId"];
                /** @description Creation time range in Unix seconds, inclusive: `created[gte]=1764547200&created[lte]=1767225599`. */
                created?: components["schemas"]["TimeRange"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message, with its body and its delivery. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message, now `queued`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMessageAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message's id. */
                message_id: components["parameters"]["MessageIdPath"];
                /** @description The attachment's place in `attachments`, from 0. */
                attachment_index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment (a PDF). */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPrintQueueLetters: {
        parameters: {
            query?: {
                /** @description Only the letters made on this day (`YYYY-MM-DD`, UTC). */
                date?: components["schemas"]["CalendarDate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The letters, one PDF. */
            200: {
                headers: {
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    /** @description How many letters the PDF holds. */
                    "Letter-Count": number;
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["PdfDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    markLettersMailed: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message_ids": [
                 *         "msg_01JF3QF4K6M8P0R2T4V6X8Z0B2"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["LettersMailed"];
            };
        };
        responses: {
            /** @description The letters, now `sent`, as one `letters_mailed` object. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LettersMailedResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "legal_name": "Roadway Auto Transport LLC",
                 *       "phone": "+13125550142"
                 *     }
                 */
                "application/json": components["schemas"]["AccountUpdate"];
            };
        };
        responses: {
            /** @description The updated account. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "scope": "orders:read"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["OAuthTokenRequest"];
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "oat_4mVb1hX8e0uQ2fK7pL3nS9wD6yT5rA1cZ0jG8iE2oB7",
                     *       "token_type": "Bearer",
                     *       "expires_in": 3600,
                     *       "scope": "orders:read"
                     *     }
                     */
                    "application/json": components["schemas"]["OAuthToken"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            413: components["responses"]["OAuthBadRequest"];
            415: components["responses"]["OAuthBadRequest"];
            429: components["responses"]["OAuthTooManyRequests"];
            500: components["responses"]["OAuthServerError"];
            503: components["responses"]["OAuthServiceUnavailable"];
        };
    };
    introspectOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "oat_4mVb1hX8e0uQ2fK7pL3nS9wD6yT5rA1cZ0jG8iE2oB7"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["OAuthIntrospectionRequest"];
            };
        };
        responses: {
            /** @description Whether the token is active, and what it grants. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthIntrospection"];
                };
            };
            400: components["responses"]["OAuthBadRequest"];
            401: components["responses"]["OAuthUnauthorized"];
            413: components["responses"]["OAuthBadRequest"];
            415: components["responses"]["OAuthBadRequest"];
            429: components["responses"]["OAuthTooManyRequests"];
            500: components["responses"]["OAuthServerError"];
            503: components["responses"]["OAuthServiceUnavailable"];
        };
    };
    getOpenApiJson: {
        parameters: {
            query?: {
                /**
                 * @description The API version the document describes: its answers and event payloads as a key, an OAuth
                 *     client or a webhook endpoint pinned to that version receives them, and the requests such a
                 *     key sends (the paths, names and statuses that version had). The current version when left
                 *     out; an unknown version is 400 `invalid_value`.
                 */
                version?: components["parameters"]["DocumentVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document (or the document of the version asked for), bundled, as JSON. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage API",
                     *         "version": "2026-12-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApi30Json: {
        parameters: {
            query?: {
                /**
                 * @description The API version the document describes: its answers and event payloads as a key, an OAuth
                 *     client or a webhook endpoint pinned to that version receives them, and the requests such a
                 *     key sends (the paths, names and statuses that version had). The current version when left
                 *     out; an unknown version is 400 `invalid_value`.
                 */
                version?: components["parameters"]["DocumentVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document (or the document of the version asked for) as OpenAPI 3.0.3, JSON. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.0.3",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage API",
                     *         "version": "2026-12-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApiYaml: {
        parameters: {
            query?: {
                /**
                 * @description The API version the document describes: its answers and event payloads as a key, an OAuth
                 *     client or a webhook endpoint pinned to that version receives them, and the requests such a
                 *     key sends (the paths, names and statuses that version had). The current version when left
                 *     out; an unknown version is 400 `invalid_value`.
                 */
                version?: components["parameters"]["DocumentVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document (or the document of the version asked for), bundled, as YAML. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage API",
                     *         "version": "2026-12-01"
                     *       }
                     *     }
                     */
                    "application/yaml": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAsyncApiJson: {
        parameters: {
            query?: {
                /**
                 * @description The API version the document describes: its answers and event payloads as a key, an OAuth
                 *     client or a webhook endpoint pinned to that version receives them, and the requests such a
                 *     key sends (the paths, names and statuses that version had). The current version when left
                 *     out; an unknown version is 400 `invalid_value`.
                 */
                version?: components["parameters"]["DocumentVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AsyncAPI 3.0 document (of the version asked for, the current one by default), bundled, as JSON. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "asyncapi": "3.0.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage Webhooks",
                     *         "version": "2026-12-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAsyncApiYaml: {
        parameters: {
            query?: {
                /**
                 * @description The API version the document describes: its answers and event payloads as a key, an OAuth
                 *     client or a webhook endpoint pinned to that version receives them, and the requests such a
                 *     key sends (the paths, names and statuses that version had). The current version when left
                 *     out; an unknown version is 400 `invalid_value`.
                 */
                version?: components["parameters"]["DocumentVersion"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AsyncAPI 3.0 document (of the version asked for, the current one by default), bundled, as YAML. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "asyncapi": "3.0.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage Webhooks",
                     *         "version": "2026-12-01"
                     *       }
                     *     }
                     */
                    "application/yaml": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A single HTML page rendering the OpenAPI document. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    /**
                     * @description Scripts, styles, images and connections from this origin only (styles may also be inline).
                     * @example default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'
                     */
                    "Content-Security-Policy": string;
                    /**
                     * @description The page changes with each release, so caches revalidate it.
                     * @example no-cache
                     */
                    "Cache-Control": "no-cache";
                    "Content-Encoding": components["headers"]["Content-Encoding"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html><head><title>Vehicle Transport Brokerage API</title></head></html> */
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiReferenceAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The script's name, as `/docs` references it.
                 * @example redoc-8c70c2de83d3.js
                 */
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script (a JavaScript module or classic script). */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    /**
                     * @description Content-addressed, so cacheable for a year without revalidation.
                     * @example public, max-age=31536000, immutable
                     */
                    "Cache-Control": "public, max-age=31536000, immutable";
                    /**
                     * @description Browsers must not guess another type.
                     * @example nosniff
                     */
                    "X-Content-Type-Options": "nosniff";
                    "Content-Encoding": components["headers"]["Content-Encoding"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example import { hydrate } from './redoc-8c70c2de83d3.js'; */
                    "text/javascript": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve traffic. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "database": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            /** @description Not ready (database unreachable or shutting down). */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "not_ready",
                     *       "database": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in the Prometheus text exposition format. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP http_requests_total Requests served
                     *     # TYPE http_requests_total counter
                     */
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testHelpersDeliverOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The order's id. */
                order_id: components["parameters"]["OrderIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "carrier_id": "car_01JF3QC4D6F8H0J2K4M6N8P0Q2",
                 *       "signed_by": "Jordan Price"
                 *     }
                 */
                "application/json": components["schemas"]["TestHelpersOrderDelivery"];
            };
        };
        responses: {
            /** @description The order, delivered. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testHelpersCreatePayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E",
                 *       "invoice_id": "inv_01JF3QF2H4K6M8P0R2T4V6X8Z0",
                 *       "amount": 50000,
                 *       "payment_method": "ach",
                 *       "outcome": "returned"
                 *     }
                 */
                "application/json": components["schemas"]["TestHelpersPayment"];
            };
        };
        responses: {
            /** @description The payment, failed or returned. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testHelpersChangeRegistryRecord: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The carrier's id. */
                carrier_id: components["parameters"]["CarrierIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "change": "authority_revoked"
                 *     }
                 */
                "application/json": components["schemas"]["TestRegistryRecordChange"];
            };
        };
        responses: {
            /** @description The change, made. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRegistryRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    testHelpersTriggerEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "order.delivered"
                 *     }
                 */
                "application/json": components["schemas"]["TestEventTriggerCreate"];
            };
        };
        responses: {
            /** @description The event happened; `Location` names the event of `type`. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestEventTrigger"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    openWebhookListener: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "dana-laptop",
                 *       "enabled_events": [
                 *         "order.created",
                 *         "order.delivered"
                 *       ],
                 *       "forward_to": "http://localhost:3000/hooks"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookListenerOpen"];
            };
        };
        responses: {
            /** @description The listener's endpoint, with its signing secret; `Location` is its URL (the same endpoint when it was open already). */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listenWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "wait_seconds": 25
                 *     }
                 */
                "application/json": components["schemas"]["WebhookListenRequest"];
            };
        };
        responses: {
            /** @description The deliveries to forward, oldest first (none when the wait ended with nothing). */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListenBatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordWebhookListenerResult: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The webhook endpoint's id. */
                webhook_endpoint_id: components["parameters"]["WebhookEndpointIdPath"];
                /** @description The delivery's id. */
                webhook_delivery_id: components["schemas"]["WebhookDeliveryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "response_status": 200,
                 *       "response_body": "{\"received\":true}",
                 *       "duration_ms": 12
                 *     }
                 */
                "application/json": components["schemas"]["WebhookListenerResult"];
            };
        };
        responses: {
            /** @description The delivery, with the attempt. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTestClocks: {
        parameters: {
            query?: {
                /**
                 * @description `include[]=total_count` adds `total_count` to the answer: how many objects match the list's
                 *     filters in all (every page), counted by the database with the same filters (Stripe's
                 *     convention). Without it no count is made.
                 */
                include?: components["parameters"]["IncludeTotalCount"];
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a test clock id). Any well-formed id of this resource is a position; the page starts after it, whether or not that object still exists. */
                cursor?: components["schemas"]["TestClockId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of test clocks. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClockList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTestClock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "frozen_time": 1764547200,
                 *       "name": "Net-30 invoice runs"
                 *     }
                 */
                "application/json": components["schemas"]["TestClockCreate"];
            };
        };
        responses: {
            /** @description The clock, `ready`; `Location` is its URL. */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test clock's id. */
                test_clock_id: components["parameters"]["TestClockIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The test clock's id. */
                test_clock_id: components["parameters"]["TestClockIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock, deleted. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedTestClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    advanceTestClock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes a POST safe to retry. Kept 24 hours per account: the same key with the same method, path
                 *     and body replays the stored status and body (with `Idempotent-Replayed: true`); with a
                 *     different request it answers 409 `idempotency_key_reused`; while the first request still runs,
                 *     409 `idempotency_key_in_use` (for at most one minute: a request whose server died frees its
                 *     key then). Requests that fail validation (400) or fail on the server (5xx) are not stored, so
                 *     they can be retried with the same key.
                 * @example 5f1c2a9e-8a1d-4b36-9a57-5d7f0c3e2b11
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The test clock's id. */
                test_clock_id: components["parameters"]["TestClockIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "frozen_time": 1764720000
                 *     }
                 */
                "application/json": components["schemas"]["TestClockAdvance"];
            };
        };
        responses: {
            /** @description The clock, `advancing`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTestData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deletion, started (or the one already under way). */
            202: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDataDeletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTestDataDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deletion's id. */
                test_data_deletion_id: components["schemas"]["TestDataDeletionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deletion. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestDataDeletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
