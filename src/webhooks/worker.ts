// The delivery worker: claims due deliveries in a short statement (FOR UPDATE SKIP LOCKED + a lease),
// POSTs outside any transaction, and records each attempt in another short transaction. Any number of
// workers can run; a crashed worker's claims come back when their lease expires.
import type { EntityManager } from '@mikro-orm/sql';
import { unixSeconds, type Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { lockOne } from '../shared/find.js';
import { claimLeased, heldBy, released } from '../jobs/lease.js';
import { ClaimingWorker } from '../jobs/loop.js';
import { deliveryLifecycle } from './deliveries.state.js';
import { Event } from './events.entities.js';
import { DELIVERIES_CHANNEL } from './emitter.js';
import { afterFailure } from './schedule.js';
import { signingSecrets } from './endpoint-secrets.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import type { DeliveryOutcome, Transport } from './transport.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './webhooks.entities.js';

/** Events (and their deliveries) are kept this long. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;

export interface DeliveryWorkerOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  transport: Transport;
  workerId?: string;
  /** Deliveries in flight at once (a hanging receiver holds one slot, never the others). */
  concurrency?: number;
  /** How long a claim stays ours; must exceed the transport timeout. */
  leaseMs?: number;
  /** Fallback poll for retries coming due (new events wake the worker through NOTIFY). */
  pollMs?: number;
}

interface Claimed {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
}

/** Pending deliveries due now to enabled endpoints, no lease or an expired one, oldest due first. */
const DUE = `
  select d.id from webhook_deliveries d
  join webhook_endpoints e on e.id = d.endpoint_id
  where d.status = 'pending' and d.next_attempt_at <= ? and e.status = 'enabled'
    and (d.lease_expires_at is null or d.lease_expires_at <= ?)
  order by d.next_attempt_at`;

export class DeliveryWorker extends ClaimingWorker<Claimed> {
  private lastPurge = 0;

  constructor(private readonly options: DeliveryWorkerOptions) {
    super({
      db: options.db,
      log: options.log,
      channel: DELIVERIES_CHANNEL,
      concurrency: options.concurrency ?? 16,
      pollMs: options.pollMs ?? 1_000,
      leaseMs: options.leaseMs ?? 60_000,
      name: 'webhook deliveries',
      workerId: options.workerId,
    });
  }

  protected process(item: Claimed): Promise<DeliveryOutcome> {
    return this.deliver(item);
  }

  /** Claims up to `limit` due deliveries for this worker. */
  override async claim(limit: number): Promise<Claimed[]> {
    const em = this.db.em();
    const now = this.options.clock.now();
    const rows = await claimLeased<{ id: string }>(em, { table: 'webhook_deliveries', due: { sql: DUE, params: [now, now] }, lockOf: 'd' }, { ...this.leaseFrom(now), limit });
    if (!rows.length) return [];
    const deliveries = rows.map((row) => em.map(WebhookDelivery, row));
    const endpoints = await em.find(WebhookEndpoint, { id: { $in: [...new Set(deliveries.map((d) => d.endpointId))] } });
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    return deliveries.flatMap((delivery) => {
      const endpoint = byId.get(delivery.endpointId);
      return endpoint ? [{ delivery, endpoint }] : [];
    });
  }

  /** Signs and POSTs one claimed delivery (no transaction open), then records the attempt. */
  async deliver({ delivery, endpoint }: Claimed): Promise<DeliveryOutcome> {
    const now = this.options.clock.now();
    const secrets = signingSecrets(endpoint, now);
    const outcome = await this.options.transport.post({
      url: endpoint.url,
      headers: {
        'Content-Type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(secrets, unixSeconds(now), delivery.payload),
        [EVENT_ID_HEADER]: delivery.eventId,
      },
      body: delivery.payload,
    });
    await this.record(delivery.id, now, outcome);
    return outcome;
  }

  private async record(deliveryId: string, startedAt: Date, outcome: DeliveryOutcome): Promise<void> {
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    await this.db.em().transactional(async (em: EntityManager) => {
      const delivery = await lockOne(em, WebhookDelivery, heldBy(deliveryId, this.id));
      if (!delivery) {
        // Our lease expired and another worker took the delivery over: its record is the one that counts.
        this.log.warn({ delivery_id: deliveryId, worker: this.id }, 'webhook delivery lease lost; attempt not recorded');
        return;
      }
      const finishedAt = this.options.clock.now();
      delivery.attemptCount += 1;
      // A leased delivery is pending (claims take pending rows only): each outcome is a row of the table.
      const moves = deliveryLifecycle.table;
      if (succeeded) {
        delivery.status = moves.succeed.to;
        delivery.nextAttemptAt = null;
      } else {
        delivery.cycleFailures += 1;
        const next = afterFailure(delivery.cycleFailures, finishedAt);
        delivery.status = next.status === 'pending' ? moves.retry.to : moves.give_up.to;
        delivery.nextAttemptAt = next.nextAttemptAt;
      }
      Object.assign(delivery, released, { updatedAt: finishedAt });
      em.create(WebhookDeliveryAttempt, {
        deliveryId,
        number: delivery.attemptCount,
        startedAt,
        durationMs: Math.round(outcome.durationMs),
        responseStatus: outcome.status,
        responseBody: outcome.responseBody,
        error: outcome.error,
        errorDetail: outcome.errorDetail,
      });
      await em.flush();
    });
  }

  /** Deletes events older than the retention period; their deliveries and attempts go with them. */
  async purgeExpiredEvents(): Promise<number> {
    const cutoff = new Date(this.options.clock.now().getTime() - EVENT_RETENTION_MS);
    return this.db.em().nativeDelete(Event, { createdAt: { $lt: cutoff } });
  }

  protected override async beforeTick(): Promise<void> {
    const now = this.options.clock.now().getTime();
    if (now - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now;
      const purged = await this.purgeExpiredEvents();
      if (purged) this.log.info({ purged }, 'expired events purged');
    }
  }
}
