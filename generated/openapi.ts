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
        /** Create a customer */
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
        /** Retrieve a customer */
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
        /** Retrieve an order */
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
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL to receive events. The answer carries the endpoint's signing `secret`
         *     (`whsec_...`), shown only here and by `rotateWebhookEndpointSecret`. The endpoint pins the
         *     API version its payloads are rendered for (the creating key's version unless given).
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
        /** Retrieve a webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint and its delivery log; nothing more is sent to it.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the URL, the subscribed events, the description or the status (`disabled` endpoints receive nothing; their pending deliveries wait until re-enabled). The API version never changes.
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
        /** Retrieve a delivery with its attempts */
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
         * @description Newest first; events are kept 30 days.
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
        /** Retrieve an event */
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
         * @description Sends the event again, with the same event id, to one endpoint (`endpoint_id`) or to every
         *     enabled endpoint subscribed to its type. Each delivery restarts its retry schedule. Naming an
         *     endpoint that is not subscribed to the event's type answers 409 `endpoint_not_subscribed`;
         *     a disabled one, 409 `endpoint_disabled`.
         */
        post: operations["replayEvent"];
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
        /** The OpenAPI document (JSON) */
        get: operations["getOpenApiJson"];
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
        /** The OpenAPI document (YAML) */
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
        /** The AsyncAPI document of the webhook events (JSON) */
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
        /** The AsyncAPI document of the webhook events (YAML) */
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
        /** HTML reference documentation */
        get: operations["getApiReference"];
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
         * @description 200 while the process is running and serving HTTP.
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
        /** Prometheus metrics */
        get: operations["getMetrics"];
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
        /** @description A single line of text (no control characters). */
        Line: string;
        /**
         * @description Up to 50 string key-value pairs for the integrator's own use (keys up to 40 characters,
         *     values up to 500). Not used by the service.
         * @example {
         *       "crm_id": "4411"
         *     }
         */
        Metadata: {
            [key: string]: string;
        };
        /**
         * @description Keys to set; a `null` value removes the key.
         * @example {
         *       "crm_id": "4412"
         *     }
         */
        MetadataUpdate: {
            [key: string]: string | null;
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
            error: {
                /**
                 * ErrorType
                 * @enum {string}
                 */
                type: "validation_error" | "authentication_error" | "permission_error" | "not_found_error" | "invalid_request_error" | "conflict_error" | "rate_limit_error" | "api_error";
                /**
                 * ErrorCode
                 * @description Specific, stable code (listed in the API reference).
                 * @enum {string}
                 */
                code: "missing_required_field" | "invalid_value" | "invalid_format" | "unknown_field" | "invalid_json" | "invalid_cursor" | "invalid_vin" | "missing_credentials" | "invalid_api_key" | "invalid_token" | "expired_token" | "insufficient_scope" | "resource_missing" | "route_not_found" | "method_not_allowed" | "invalid_state_transition" | "carrier_not_active" | "duplicate_carrier" | "endpoint_not_subscribed" | "endpoint_disabled" | "idempotency_key_reused" | "idempotency_key_in_use" | "payload_too_large" | "unsupported_media_type" | "rate_limit_exceeded" | "internal_error";
                /** @description Human-readable explanation. */
                message: string;
                /** @description The offending parameter or field (JSON path like `vehicles[0].vin` for nested fields). */
                param?: string;
                request_id: components["schemas"]["RequestId"];
            };
        };
        /** Health */
        Health: {
            /**
             * HealthStatus
             * @enum {string}
             */
            status: "ok";
        };
        /** Readiness */
        Readiness: {
            /**
             * ReadinessStatus
             * @enum {string}
             */
            status: "ready" | "not_ready";
            /**
             * DatabaseStatus
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
            /** @constant */
            object: "customer";
            name: string;
            email: string | null;
            phone: string | null;
            billing_address: components["schemas"]["PostalAddress"] | null;
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
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
            email?: components["schemas"]["Email"];
            phone?: components["schemas"]["PhoneE164"];
            billing_address?: components["schemas"]["PostalAddress"];
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * CustomerUpdate
         * @example {
         *       "phone": null
         *     }
         */
        CustomerUpdate: {
            name?: components["schemas"]["Line"];
            email?: components["schemas"]["Email"] | null;
            phone?: components["schemas"]["PhoneE164"] | null;
            billing_address?: components["schemas"]["PostalAddress"] | null;
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /** CustomerList */
        CustomerList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Customer"][];
            has_more: boolean;
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
         * @description A vehicle to move. For model years 1981 and later the VIN's check digit (position 9) is
         *     verified; a wrong one answers 400 `invalid_vin`.
         * @example {
         *       "vin": "1HGCM82633A004352",
         *       "year": 2003,
         *       "make": "Honda",
         *       "model": "Accord"
         *     }
         */
        Vehicle: {
            /**
             * @description 17 characters, digits and capital letters except I, O and Q.
             * @example 1HGCM82633A004352
             */
            vin: string;
            /**
             * @description Model year, 1900 to next year.
             * @example 2003
             */
            year: number;
            /** @example Honda */
            make: components["schemas"]["Line"];
            /** @example Accord */
            model: components["schemas"]["Line"];
            type?: components["schemas"]["VehicleType"];
            /** @default false */
            inoperable?: boolean;
        };
        /** VehicleOut */
        VehicleOut: {
            vin: string;
            year: number;
            make: string;
            model: string;
            type: components["schemas"]["VehicleType"] | null;
            inoperable: boolean;
        };
        /** StopOut */
        StopOut: {
            address1: string;
            address2: string | null;
            city: string;
            state: components["schemas"]["StateCode"];
            zip: string;
            contact_name: string | null;
            contact_phone: string | null;
        };
        /** BillOfLading */
        BillOfLading: {
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
            kind: components["schemas"]["OrderExceptionKind"];
            note: string | null;
            created: components["schemas"]["UnixTime"];
        };
        /**
         * Order
         * @description A vehicle move.
         */
        Order: {
            id: components["schemas"]["OrderId"];
            /** @constant */
            object: "order";
            status: components["schemas"]["OrderStatus"];
            customer_id: components["schemas"]["CustomerId"];
            /** @description The carrier the order is dispatched to; null until dispatch. */
            carrier_id: components["schemas"]["CarrierId"] | null;
            pickup: components["schemas"]["StopOut"];
            delivery: components["schemas"]["StopOut"];
            vehicles: components["schemas"]["VehicleOut"][];
            ready_date: components["schemas"]["CalendarDate"];
            delivery_window_days: number;
            /** @description What the customer pays, in cents; null when not agreed yet. */
            price: number | null;
            /** @description What the carrier is paid, in cents; null when not agreed yet. */
            carrier_pay: number | null;
            currency: components["schemas"]["Currency"];
            /** @description Recorded at delivery; null before. */
            bill_of_lading: components["schemas"]["BillOfLading"] | null;
            exceptions: components["schemas"]["OrderException"][];
            cancellation_reason: string | null;
            cancelled_at: components["schemas"]["UnixTime"] | null;
            dispatched_at: components["schemas"]["UnixTime"] | null;
            picked_up_at: components["schemas"]["UnixTime"] | null;
            delivered_at: components["schemas"]["UnixTime"] | null;
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
            vehicles: components["schemas"]["Vehicle"][];
            ready_date: components["schemas"]["CalendarDate"];
            /** @default 7 */
            delivery_window_days?: number;
            price?: components["schemas"]["AmountCents"];
            carrier_pay?: components["schemas"]["AmountCents"];
            currency?: components["schemas"]["Currency"];
            metadata?: components["schemas"]["Metadata"];
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
            vehicles?: components["schemas"]["Vehicle"][];
            ready_date?: components["schemas"]["CalendarDate"];
            delivery_window_days?: number;
            price?: components["schemas"]["AmountCents"] | null;
            carrier_pay?: components["schemas"]["AmountCents"] | null;
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /**
         * OrderCancel
         * @example {
         *       "reason": "Customer sold the vehicle before pickup."
         *     }
         */
        OrderCancel: {
            reason?: string;
        };
        /** OrderList */
        OrderList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Order"][];
            has_more: boolean;
            next_cursor: components["schemas"]["OrderId"] | null;
        };
        /**
         * ApiVersion
         * @description A supported API version (date-based). Newest first.
         * @example 2026-07-01
         * @enum {string}
         */
        ApiVersion: "2026-07-01";
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
         * @description Every event type the service sends.
         * @example order.created
         * @enum {string}
         */
        EventType: "order.created" | "order.dispatched" | "order.in_transit" | "order.delivered" | "order.cancelled" | "order.exception" | "carrier.onboarded" | "carrier.vetted" | "carrier.suspended" | "invoice.created" | "invoice.sent" | "invoice.paid" | "invoice.voided" | "payment.received" | "payment.failed" | "carrier_payment.sent" | "compliance.alert" | "audit.privileged_action";
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
            /** @constant */
            object: "webhook_endpoint";
            url: string;
            enabled_events: string[];
            api_version: components["schemas"]["ApiVersion"];
            description: string | null;
            status: components["schemas"]["WebhookEndpointStatus"];
            /** @description The signing secret (`whsec_...`), used as issued as the HMAC-SHA256 key. */
            secret?: string;
            /** @description While a rotated-out secret still signs (two `v1=` signatures), when it stops; else null. */
            previous_secret_expires_at: components["schemas"]["UnixTime"] | null;
            metadata: {
                [key: string]: string;
            };
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
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
            description?: string;
            api_version?: components["schemas"]["ApiVersion"];
            metadata?: components["schemas"]["Metadata"];
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
            description?: string | null;
            status?: components["schemas"]["WebhookEndpointStatus"];
            metadata?: components["schemas"]["MetadataUpdate"];
        };
        /** WebhookEndpointList */
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            has_more: boolean;
            next_cursor: components["schemas"]["WebhookEndpointId"] | null;
        };
        /** DeletedWebhookEndpoint */
        DeletedWebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @constant */
            object: "webhook_endpoint";
            /** @constant */
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
            grace_period_seconds?: number;
        };
        /**
         * WebhookDeliveryStatus
         * @description `pending` (attempts remain), `succeeded`, or `permanently_failed` after the sixth failed attempt.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "permanently_failed";
        /** WebhookDeliveryAttempt */
        WebhookDeliveryAttempt: {
            number: number;
            started_at: components["schemas"]["UnixTime"];
            duration_ms: number;
            /** @description The receiver's HTTP status; null when it gave none. */
            response_status: number | null;
            /** @description The first 1 KiB of the receiver's answer. */
            response_body: string;
            /** @description Why no answer was obtained (timeout, connection_refused, refused_target, dns_failure, ...); null when the receiver answered. */
            error: string | null;
        };
        /**
         * WebhookDelivery
         * @description One event sent to one endpoint, with every attempt.
         */
        WebhookDelivery: {
            id: components["schemas"]["WebhookDeliveryId"];
            /** @constant */
            object: "webhook_delivery";
            event_id: components["schemas"]["EventId"];
            endpoint_id: components["schemas"]["WebhookEndpointId"];
            event_type: components["schemas"]["EventType"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            attempt_count: number;
            /** @description When the next attempt is due; null when none is. */
            next_attempt_at: components["schemas"]["UnixTime"] | null;
            created: components["schemas"]["UnixTime"];
            updated: components["schemas"]["UnixTime"];
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        /** WebhookDeliveryList */
        WebhookDeliveryList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookDelivery"][];
            has_more: boolean;
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
            /** @constant */
            object: "webhook_recovery";
            endpoint_id: components["schemas"]["WebhookEndpointId"];
            since: components["schemas"]["UnixTime"];
            until: components["schemas"]["UnixTime"];
            requeued: number;
        };
        /**
         * Event
         * @description Something that happened, as delivered to webhook endpoints (the envelope).
         */
        Event: {
            id: components["schemas"]["EventId"];
            /** @constant */
            object: "event";
            type: components["schemas"]["EventType"];
            api_version: components["schemas"]["ApiVersion"];
            created: components["schemas"]["UnixTime"];
            /** @description The API request that caused the event; null for changes made by the service itself. */
            request_id: components["schemas"]["RequestId"] | null;
            /** @description The resource the event is about, rendered for `api_version` (see the AsyncAPI document for each type). */
            data: {
                [key: string]: unknown;
            };
        };
        /** EventList */
        EventList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Event"][];
            has_more: boolean;
            next_cursor: components["schemas"]["EventId"] | null;
        };
        /**
         * EventReplay
         * @example {
         *       "endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6"
         *     }
         */
        EventReplay: {
            endpoint_id?: components["schemas"]["WebhookEndpointId"];
        };
    };
    responses: {
        /** @description The request is invalid (`validation_error`); `param` names the offending field. */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
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
        /** @description The request conflicts with the resource's current state (`conflict_error`). */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
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
        /** @description An unexpected error (`api_error`); logged with the request id. */
        InternalError: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Service-Version": components["headers"]["Service-Version"];
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
    };
    parameters: {
        /** @description Page size, 1 to 100. */
        Limit: number;
        /** @description The webhook endpoint's id. */
        WebhookEndpointIdPath: components["schemas"]["WebhookEndpointId"];
        /** @description The event's id. */
        EventIdPath: components["schemas"]["EventId"];
        /** @description The order's id. */
        OrderIdPath: components["schemas"]["OrderId"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifier of this request (`req_...`); the same value as `error.request_id`. Quote it to support.
         * @example req_01JF3QB2X4Y6Z8A0C2E4G6J8K0
         */
        "Request-Id": string;
        /**
         * @description The API version that rendered this response.
         * @example 2026-07-01
         */
        "Service-Version": string;
        /**
         * @description Capacity of the caller's token bucket (the burst).
         * @example 200
         */
        "X-RateLimit-Limit": number;
        /**
         * @description Whole requests left in the bucket.
         * @example 199
         */
        "X-RateLimit-Remaining": number;
        /**
         * @description Unix second at which the bucket is full again.
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
         * @description The authentication scheme to use.
         * @example Bearer realm="api"
         */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCustomers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a customer id). */
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
        };
    };
    createCustomer: {
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an order id). */
                cursor?: components["schemas"]["OrderId"];
                /** @description Only orders in this status. */
                status?: components["schemas"]["OrderStatus"];
                /** @description Only orders of this customer. */
                customer_id?: components["schemas"]["CustomerId"];
                /** @description Only orders dispatched to this carrier. */
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
        };
    };
    createOrder: {
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
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
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an endpoint id). */
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
        };
    };
    createWebhookEndpoint: {
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (a delivery id). */
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
        };
    };
    recoverWebhookDeliveries: {
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
                     *       "endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6",
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page (an event id). */
                cursor?: components["schemas"]["EventId"];
                /** @description Only events of this type. */
                type?: components["schemas"]["EventType"];
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
        };
    };
    replayEvent: {
        parameters: {
            query?: never;
            header?: never;
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
                 *       "endpoint_id": "we_01JF3QE8G0J2K4M6N8P0Q2R4S6"
                 *     }
                 */
                "application/json": components["schemas"]["EventReplay"];
            };
        };
        responses: {
            /** @description The deliveries queued by the replay. */
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
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document, bundled, as JSON. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage API",
                     *         "version": "2026-07-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document, bundled, as YAML. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage API",
                     *         "version": "2026-07-01"
                     *       }
                     *     }
                     */
                    "application/yaml": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getAsyncApiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AsyncAPI 3.0 document, bundled, as JSON. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "asyncapi": "3.0.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage Webhooks",
                     *         "version": "2026-07-01"
                     *       }
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getAsyncApiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AsyncAPI 3.0 document, bundled, as YAML. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "asyncapi": "3.0.0",
                     *       "info": {
                     *         "title": "Vehicle Transport Brokerage Webhooks",
                     *         "version": "2026-07-01"
                     *       }
                     *     }
                     */
                    "application/yaml": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
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
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html><head><title>Vehicle Transport Brokerage API</title></head></html> */
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
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
            500: components["responses"]["InternalError"];
            /** @description Not ready (database unreachable or shutting down). */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Service-Version": components["headers"]["Service-Version"];
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
            500: components["responses"]["InternalError"];
        };
    };
}
