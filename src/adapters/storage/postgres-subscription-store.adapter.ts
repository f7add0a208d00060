import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import * as t from "io-ts";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { CreateOutcome, SubscriptionStore } from "../../application/ports/subscription-store.port";
import { decodeChannels } from "../../domain/protocol-guard/channels";
import { ALERTS_KEPT, type GuardAlert } from "../../domain/protocol-guard/guard-alert";
import { decodeRules } from "../../domain/protocol-guard/guard-rules";
import {
  isSubscriptionStatus,
  parseSubscriptionId,
  type Subscription,
  type SubscriptionChanges,
  type SubscriptionId,
  type SubscriptionRow,
} from "../../domain/protocol-guard/subscription";
import { isTier } from "../../domain/scoring/tiers";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresSubscriptionStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (tables `protocol_guard_subscriptions` and `…_alerts`). */
  readonly pool: Pool;
}

export const PostgresSubscriptionStoreConfig = Symbol.for("PostgresSubscriptionStoreConfig");

interface Row {
  id: string;
  protocol_name: string;
  status: string;
  channels: unknown;
  rules: unknown;
  manage_token_hash: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = "id, protocol_name, status, channels, rules, manage_token_hash, created_at, updated_at";

/**
 * Subscriptions in PostgreSQL. An update is one UPDATE statement; an alert append locks its
 * subscription row, inserts and trims in one transaction, so concurrent appends never leave more
 * than ALERTS_KEPT behind. Rows are decoded with the same rules as requests before use.
 */
@injectable()
export class PostgresSubscriptionStore implements SubscriptionStore {
  private readonly pool: Pool;
  private readonly table = "protocol_guard_subscriptions";
  private readonly alerts = "protocol_guard_subscriptions_alerts";

  constructor(@inject(PostgresSubscriptionStoreConfig) config: PostgresSubscriptionStoreConfig) {
    this.pool = config.pool;
  }

  create(s: Subscription): TE.TaskEither<UpstreamFailure, CreateOutcome> {
    return this.query("create", async () => {
      const result = await this.pool.query(
        `INSERT INTO ${this.table} (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          s.id,
          s.protocolName,
          s.status,
          JSON.stringify(s.channels),
          JSON.stringify(s.rules),
          s.manageTokenHash,
          s.createdAt,
          s.updatedAt,
        ],
      );
      return result.rowCount === 1 ? "created" : "duplicate_id";
    });
  }

  get(id: SubscriptionId): TE.TaskEither<UpstreamFailure, Subscription | null> {
    return this.query("get", async () => {
      const result = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [id]);
      const row = result.rows[0];
      return row === undefined ? null : toSubscription(row);
    });
  }

  list(limit: number): TE.TaskEither<UpstreamFailure, readonly SubscriptionRow[]> {
    return this.query("list", async () => {
      const result = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} ORDER BY seq DESC LIMIT $1`, [
        Math.max(0, limit),
      ]);
      return result.rows.map(toSubscription).map(({ id, protocolName, status }) => ({ id, protocolName, status }));
    });
  }

  update(
    id: SubscriptionId,
    changes: SubscriptionChanges,
    updatedAt: string,
  ): TE.TaskEither<UpstreamFailure, Subscription | null> {
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
    return this.query("update", async () => {
      const result = await this.pool.query<Row>(
        `UPDATE ${this.table} SET channels = COALESCE($2::jsonb, channels), rules = COALESCE($3::jsonb, rules),
           status = COALESCE($4, status), updated_at = $5
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, json(changes.channels), json(changes.rules), changes.status ?? null, updatedAt],
      );
      const row = result.rows[0];
      return row === undefined ? null : toSubscription(row);
    });
  }

  appendAlert(id: SubscriptionId, alert: GuardAlert): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("append alert", async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        const owner = await client.query(`SELECT id FROM ${this.table} WHERE id = $1 FOR UPDATE`, [id]);
        if (owner.rowCount !== 1) {
          await client.query("ROLLBACK");
          return false;
        }
        await client.query(`INSERT INTO ${this.alerts} (subscription_id, alert) VALUES ($1, $2)`, [
          id,
          JSON.stringify(alert),
        ]);
        await client.query(
          `DELETE FROM ${this.alerts} WHERE subscription_id = $1 AND seq NOT IN
             (SELECT seq FROM ${this.alerts} WHERE subscription_id = $1 ORDER BY seq DESC LIMIT $2)`,
          [id, ALERTS_KEPT],
        );
        await client.query("COMMIT");
        return true;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }

  recentAlerts(id: SubscriptionId, limit: number): TE.TaskEither<UpstreamFailure, readonly GuardAlert[]> {
    return this.query("recent alerts", async () => {
      const result = await this.pool.query<{ alert: unknown }>(
        `SELECT alert FROM ${this.alerts} WHERE subscription_id = $1 ORDER BY seq DESC LIMIT $2`,
        [id, Math.max(0, limit)],
      );
      return result.rows.map((row) => toAlert(row.alert));
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `subscription store ${what}`, run);
  }
}

function toSubscription(row: Row): Subscription {
  const id = parseSubscriptionId(row.id);
  const channels = decodeChannels(row.channels);
  const rules = decodeRules(row.rules);
  if (id === undefined || !isSubscriptionStatus(row.status) || E.isLeft(channels) || E.isLeft(rules)) {
    throw new Error(`stored subscription ${row.id} does not decode`);
  }
  return {
    id,
    protocolName: row.protocol_name,
    status: row.status,
    channels: channels.right,
    rules: rules.right,
    manageTokenHash: row.manage_token_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const StoredAlert = t.type({
  id: t.string,
  at: t.string,
  wallet: t.string,
  decision: t.keyof({ review: null, block: null }),
  reasons: t.array(t.string),
  score: t.number,
  tier: t.refinement(t.string, isTier),
});

function toAlert(value: unknown): GuardAlert {
  const decoded = StoredAlert.decode(value);
  if (E.isLeft(decoded)) throw new Error("stored alert does not decode");
  return decoded.right;
}
