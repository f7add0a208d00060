import type * as TE from "fp-ts/TaskEither";
import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import type { Pool, PoolClient } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { CreateOutcome, SubscriptionStore } from "../../application/ports/subscription-store.port";
import type { Channel, ChannelStatus } from "../../domain/protocol-guard/channels";
import { ALERTS_KEPT, type GuardAlert } from "../../domain/protocol-guard/guard-alert";
import { decodeRules, ruleView } from "../../domain/protocol-guard/guard-rules";
import { EVENTS_KEPT, type OnchainEvent } from "../../domain/protocol-guard/onchain-event";
import {
  isSubscriptionStatus,
  parseSubscriptionId,
  type Subscription,
  type SubscriptionChanges,
  type SubscriptionId,
} from "../../domain/protocol-guard/subscription";
import type { SecretBox } from "../shared/secret-box";
import { upstreamTask } from "../shared/upstream-task";
import { toAlert, toChannels, toContracts, toEvent } from "./stored-guard-codecs";

export interface PostgresSubscriptionStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (subscriptions, `…_alerts`, `…_events`). */
  readonly pool: Pool;
  /** Seals channels (URLs, bot tokens, addresses) before they are written; tests may leave it out. */
  readonly box?: SecretBox;
}

export const PostgresSubscriptionStoreConfig = Symbol.for("PostgresSubscriptionStoreConfig");

interface Row {
  id: string;
  protocol_name: string;
  status: string;
  channels: unknown;
  rules: unknown;
  contracts: unknown;
  manage_token_hash: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = "id, protocol_name, status, channels, rules, contracts, manage_token_hash, created_at, updated_at";

/**
 * Subscriptions in PostgreSQL. An update is one UPDATE statement; an alert or event append locks
 * its subscription row, inserts (once per id) and trims in one transaction, so concurrent appends
 * never leave more than the bound behind. Rows are decoded before use, channels unsealed.
 */
@injectable()
export class PostgresSubscriptionStore implements SubscriptionStore {
  private readonly pool: Pool;
  private readonly table = "protocol_guard_subscriptions";
  private readonly alerts = "protocol_guard_subscriptions_alerts";
  private readonly events = "protocol_guard_subscriptions_events";
  private readonly box: SecretBox | undefined;

  constructor(@inject(PostgresSubscriptionStoreConfig) config: PostgresSubscriptionStoreConfig) {
    this.pool = config.pool;
    this.box = config.box;
  }

  create(s: Subscription): TE.TaskEither<UpstreamFailure, CreateOutcome> {
    return this.query("create", async () => {
      const result = await this.pool.query(
        `INSERT INTO ${this.table} (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [
          s.id,
          s.protocolName,
          s.status,
          this.sealChannels(s.channels),
          JSON.stringify(s.rules.map(ruleView)),
          JSON.stringify(s.contracts),
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
      return row === undefined ? null : this.toSubscription(row);
    });
  }

  watching(): TE.TaskEither<UpstreamFailure, readonly Subscription[]> {
    return this.query("watching", async () => {
      const result = await this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM ${this.table} WHERE status = 'active' AND jsonb_array_length(contracts) > 0 ORDER BY seq`,
      );
      // Opened only when read: the watcher reads every subscription at every block, and a channel is needed only
      // for the few a rule matched (opening them all was half of the watcher's largest cost, docs/benchmarks.md).
      return result.rows.map((row) => this.toSubscription(row, "when read"));
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
        `UPDATE ${this.table} SET protocol_name = COALESCE($2, protocol_name), channels = COALESCE($3::jsonb, channels),
           rules = COALESCE($4::jsonb, rules), contracts = COALESCE($5::jsonb, contracts),
           status = COALESCE($6, status), manage_token_hash = COALESCE($7, manage_token_hash), updated_at = $8
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [
          id,
          changes.protocolName ?? null,
          changes.channels === undefined ? null : this.sealChannels(changes.channels),
          json(changes.rules?.map(ruleView)),
          json(changes.contracts),
          changes.status ?? null,
          changes.manageTokenHash ?? null,
          updatedAt,
        ],
      );
      const row = result.rows[0];
      return row === undefined ? null : this.toSubscription(row);
    });
  }

  setChannelStatus(
    id: SubscriptionId,
    channelId: string,
    status: ChannelStatus,
  ): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("set channel status", () =>
      this.locked(id, async (client) => {
        const row = (await client.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [id])).rows[0];
        const current = row === undefined ? undefined : this.toSubscription(row);
        if (current === undefined || !current.channels.some((c) => c.id === channelId)) return false;
        const channels = current.channels.map((c) => (c.id === channelId ? { ...c, status } : c));
        await client.query(`UPDATE ${this.table} SET channels = $2::jsonb WHERE id = $1`, [
          id,
          this.sealChannels(channels),
        ]);
        return true;
      }),
    );
  }

  appendAlert(id: SubscriptionId, alert: GuardAlert): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("append alert", () =>
      this.locked(id, async (client) => {
        const inserted = await client.query(
          `INSERT INTO ${this.alerts} (subscription_id, alert_id, alert) VALUES ($1, $2, $3)
           ON CONFLICT (subscription_id, alert_id) DO NOTHING`,
          [id, alert.id, JSON.stringify(alert)],
        );
        await client.query(
          `DELETE FROM ${this.alerts} WHERE subscription_id = $1 AND seq NOT IN
             (SELECT seq FROM ${this.alerts} WHERE subscription_id = $1 ORDER BY seq DESC LIMIT $2)`,
          [id, ALERTS_KEPT],
        );
        return inserted.rowCount === 1;
      }),
    );
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

  alert(id: SubscriptionId, alertId: string): TE.TaskEither<UpstreamFailure, GuardAlert | null> {
    return this.query("alert", async () => {
      const result = await this.pool.query<{ alert: unknown }>(
        `SELECT alert FROM ${this.alerts} WHERE subscription_id = $1 AND alert->>'id' = $2 LIMIT 1`,
        [id, alertId],
      );
      const row = result.rows[0];
      return row === undefined ? null : toAlert(row.alert);
    });
  }

  recordEvent(id: SubscriptionId, event: OnchainEvent): TE.TaskEither<UpstreamFailure, boolean> {
    return this.query("record event", () =>
      this.locked(id, async (client) => {
        const inserted = await client.query(
          `INSERT INTO ${this.events} (subscription_id, event_id, wallet, block_number, event) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (subscription_id, event_id) DO NOTHING`,
          [id, event.id, event.wallet, event.blockNumber, JSON.stringify(event)],
        );
        await client.query(
          `DELETE FROM ${this.events} WHERE subscription_id = $1 AND seq NOT IN
             (SELECT seq FROM ${this.events} WHERE subscription_id = $1 ORDER BY seq DESC LIMIT $2)`,
          [id, EVENTS_KEPT],
        );
        return inserted.rowCount === 1;
      }),
    );
  }

  recentEvents(id: SubscriptionId, limit: number): TE.TaskEither<UpstreamFailure, readonly OnchainEvent[]> {
    return this.query("recent events", async () => {
      const result = await this.pool.query<{ event: unknown }>(
        `SELECT event FROM ${this.events} WHERE subscription_id = $1 ORDER BY block_number DESC, seq DESC LIMIT $2`,
        [id, Math.max(0, limit)],
      );
      return result.rows.map((row) => toEvent(row.event));
    });
  }

  lastEventOf(id: SubscriptionId, wallet: string): TE.TaskEither<UpstreamFailure, OnchainEvent | null> {
    return this.query("last event", async () => {
      const result = await this.pool.query<{ event: unknown }>(
        `SELECT event FROM ${this.events} WHERE subscription_id = $1 AND wallet = $2
         ORDER BY block_number DESC, seq DESC LIMIT 1`,
        [id, wallet],
      );
      const row = result.rows[0];
      return row === undefined ? null : toEvent(row.event);
    });
  }

  /** Runs `work` in a transaction holding the subscription's row lock; false when the id is unknown. */
  private async locked(id: SubscriptionId, work: (client: PoolClient) => Promise<boolean>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const owner = await client.query(`SELECT id FROM ${this.table} WHERE id = $1 FOR UPDATE`, [id]);
      if (owner.rowCount !== 1) {
        await client.query("ROLLBACK");
        return false;
      }
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private sealChannels(channels: readonly Channel[]): string {
    const plain = JSON.stringify(channels);
    return this.box === undefined ? plain : JSON.stringify({ sealed: this.box.seal(plain) });
  }

  private openChannels(value: unknown): Channel[] {
    if (typeof value === "object" && value !== null && "sealed" in value) {
      const sealed = value.sealed;
      if (this.box === undefined || typeof sealed !== "string")
        throw new Error("sealed channels and no key to open them");
      return toChannels(JSON.parse(this.box.open(sealed)));
    }
    return toChannels(value);
  }

  /** `channels`: opened now, or on first read of `channels` (a sealed channel that does not open throws then). */
  private toSubscription(row: Row, channels: "now" | "when read" = "now"): Subscription {
    const id = parseSubscriptionId(row.id);
    const rules = decodeRules(row.rules);
    if (id === undefined || !isSubscriptionStatus(row.status) || E.isLeft(rules)) {
      throw new Error(`stored subscription ${row.id} does not decode`);
    }
    if (channels === "when read") {
      const { channels: _sealed, ...rest } = row;
      let opened: Channel[] | undefined;
      return Object.defineProperty(this.toSubscription({ ...rest, channels: [] }), "channels", {
        enumerable: true,
        get: () => (opened ??= this.openChannels(row.channels)),
      });
    }
    return {
      id,
      protocolName: row.protocol_name,
      status: row.status,
      channels: this.openChannels(row.channels),
      rules: rules.right,
      contracts: toContracts(row.contracts),
      manageTokenHash: row.manage_token_hash,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `subscription store ${what}`, run);
  }
}
