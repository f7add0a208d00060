import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import * as t from "io-ts";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { DeliveryOutbox } from "../../application/ports/delivery-outbox.port";
import type { DeliveryAttempt, DeliveryStatus, OutboxDelivery } from "../../domain/protocol-guard/delivery";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresDeliveryOutboxConfig {
  /** A pool on a database migrated by `migratePostgres` (`protocol_guard_deliveries`, `…_attempts`). */
  readonly pool: Pool;
}

export const PostgresDeliveryOutboxConfig = Symbol.for("PostgresDeliveryOutboxConfig");

const ChannelType = t.keyof({ webhook: null, slack: null, discord: null, telegram: null, email: null });
const Status = t.keyof({ pending: null, delivered: null, failed: null, disabled: null });
const Row = t.type({
  id: t.string,
  subscription_id: t.string,
  alert_id: t.string,
  channel_id: t.string,
  channel_type: ChannelType,
  webhook_id: t.string,
  payload: t.string,
  status: Status,
  attempts: t.number,
  next_attempt_at: t.string,
  last_attempt_at: t.union([t.string, t.null]),
  last_response_status: t.union([t.number, t.null]),
  created_at: t.string,
});
const Attempt = t.intersection([
  t.type({
    deliveryId: t.string,
    subscriptionId: t.string,
    alertId: t.string,
    channelId: t.string,
    channelType: ChannelType,
    webhookId: t.string,
    attempt: t.number,
    at: t.string,
    outcome: t.keyof({ delivered: null, retry: null, failed: null, disabled: null }),
    durationMs: t.number,
  }),
  t.partial({ responseStatus: t.number, error: t.string }),
]);

const COLUMNS =
  "id, subscription_id, alert_id, channel_id, channel_type, webhook_id, payload, status, attempts, next_attempt_at, last_attempt_at, last_response_status, created_at";

function toDelivery(value: unknown): OutboxDelivery {
  const decoded = Row.decode(value);
  if (E.isLeft(decoded)) throw new Error("stored delivery does not decode");
  const r = decoded.right;
  return {
    id: r.id,
    subscriptionId: r.subscription_id,
    alertId: r.alert_id,
    channelId: r.channel_id,
    channelType: r.channel_type,
    webhookId: r.webhook_id,
    payload: r.payload,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: Number(r.next_attempt_at),
    ...(r.last_attempt_at === null ? {} : { lastAttemptAt: r.last_attempt_at }),
    ...(r.last_response_status === null ? {} : { lastResponseStatus: r.last_response_status }),
    createdAt: r.created_at,
  };
}

/**
 * The outbox in PostgreSQL. A claim is one UPDATE over rows picked with FOR UPDATE SKIP LOCKED,
 * so concurrent workers (or processes) never lease the same delivery; completing an attempt logs
 * it and moves the row in one transaction.
 */
@injectable()
export class PostgresDeliveryOutbox implements DeliveryOutbox {
  private readonly pool: Pool;
  private readonly table = "protocol_guard_deliveries";

  constructor(@inject(PostgresDeliveryOutboxConfig) config: PostgresDeliveryOutboxConfig) {
    this.pool = config.pool;
  }

  enqueue(deliveries: readonly OutboxDelivery[]): TE.TaskEither<UpstreamFailure, void> {
    return this.query("enqueue", async () => {
      for (const d of deliveries)
        await this.pool.query(
          `INSERT INTO ${this.table} (id, subscription_id, alert_id, channel_id, channel_type, webhook_id, payload, status,
             attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.id,
            d.subscriptionId,
            d.alertId,
            d.channelId,
            d.channelType,
            d.webhookId,
            d.payload,
            d.status,
            d.attempts,
            d.nextAttemptAt,
            d.createdAt,
          ],
        );
    });
  }

  claimDue(nowMs: number, limit: number, leaseMs: number): TE.TaskEither<UpstreamFailure, readonly OutboxDelivery[]> {
    return this.query("claim", async () => {
      const result = await this.pool.query(
        `UPDATE ${this.table} SET leased_until = $2 WHERE id IN (
           SELECT id FROM ${this.table} WHERE status = 'pending' AND next_attempt_at <= $1 AND leased_until <= $1
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING ${COLUMNS}`,
        [nowMs, nowMs + leaseMs, Math.max(0, limit)],
      );
      return result.rows.map(toDelivery).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
    });
  }

  complete(
    attempt: DeliveryAttempt,
    next: { readonly status: DeliveryStatus; readonly nextAttemptAt: number },
  ): TE.TaskEither<UpstreamFailure, void> {
    return this.query("complete", async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(
          `UPDATE ${this.table} SET status = $2, next_attempt_at = $3, attempts = $4, last_attempt_at = $5,
             last_response_status = COALESCE($6, last_response_status), leased_until = 0 WHERE id = $1`,
          [
            attempt.deliveryId,
            next.status,
            next.nextAttemptAt,
            attempt.attempt,
            attempt.at,
            attempt.responseStatus ?? null,
          ],
        );
        await client.query(
          `INSERT INTO ${this.table}_attempts (subscription_id, delivery_id, attempt) VALUES ($1, $2, $3)`,
          [attempt.subscriptionId, attempt.deliveryId, JSON.stringify(attempt)],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }

  ofAlerts(
    subscriptionId: string,
    alertIds: readonly string[],
  ): TE.TaskEither<UpstreamFailure, readonly OutboxDelivery[]> {
    return this.query("of alerts", async () => {
      const result = await this.pool.query(
        `SELECT ${COLUMNS} FROM ${this.table} WHERE subscription_id = $1 AND alert_id = ANY($2::text[]) ORDER BY seq`,
        [subscriptionId, [...alertIds]],
      );
      return result.rows.map(toDelivery);
    });
  }

  attempts(subscriptionId: string, limit: number): TE.TaskEither<UpstreamFailure, readonly DeliveryAttempt[]> {
    return this.query("attempts", async () => {
      const result = await this.pool.query<{ attempt: unknown }>(
        `SELECT attempt FROM ${this.table}_attempts WHERE subscription_id = $1 ORDER BY seq DESC LIMIT $2`,
        [subscriptionId, Math.max(0, limit)],
      );
      return result.rows.map((row) => {
        const decoded = Attempt.decode(row.attempt);
        if (E.isLeft(decoded)) throw new Error("stored attempt does not decode");
        return decoded.right;
      });
    });
  }

  requeue(subscriptionId: string, alertId: string, nowMs: number): TE.TaskEither<UpstreamFailure, number> {
    return this.query("requeue", async () => {
      const result = await this.pool.query(
        `UPDATE ${this.table} SET status = 'pending', next_attempt_at = $3, leased_until = 0
         WHERE subscription_id = $1 AND alert_id = $2 AND status <> 'disabled'`,
        [subscriptionId, alertId, nowMs],
      );
      return result.rowCount ?? 0;
    });
  }

  disableChannel(subscriptionId: string, channelId: string): TE.TaskEither<UpstreamFailure, void> {
    return this.query("disable channel", async () => {
      await this.pool.query(
        `UPDATE ${this.table} SET status = 'disabled' WHERE subscription_id = $1 AND channel_id = $2 AND status = 'pending'`,
        [subscriptionId, channelId],
      );
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `delivery outbox ${what}`, run);
  }
}
