import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Pool } from "pg";
import type { UpstreamFailure } from "../../application/failures";
import type { FlagDecisionStore } from "../../application/ports/flag-decision-store.port";
import type { Address } from "../../domain/chain/address";
import { decodeFlagDecisionRequest, type FlagDecision } from "../../domain/review/flag-decision";
import { upstreamTask } from "../shared/upstream-task";

export interface PostgresFlagDecisionStoreConfig {
  /** A pool on a database migrated by `migratePostgres` (table `flag_decisions`). */
  readonly pool: Pool;
}

export const PostgresFlagDecisionStoreConfig = Symbol.for("PostgresFlagDecisionStoreConfig");

interface Row {
  address: string;
  flag: string;
  decision: string;
  note: string | null;
  decided_at: string;
}

const COLUMNS = "address, flag, decision, note, decided_at";

/** Rows are read with the request's own rules: a row that would not be accepted today is a storage fault. */
function toDecision(row: Row): FlagDecision {
  const decoded = decodeFlagDecisionRequest(row);
  if (E.isLeft(decoded)) throw new Error(`flag decision row ${row.address}/${row.flag} is not well formed`);
  return { ...decoded.right, decidedAt: row.decided_at };
}

/**
 * Decisions in `flag_decisions` (migrations/), primary key (address, flag): recording is one upsert, so of
 * concurrent decisions on one flag exactly one stands, and an answer's read is one index lookup by address.
 */
@injectable()
export class PostgresFlagDecisionStore implements FlagDecisionStore {
  private readonly pool: Pool;

  constructor(@inject(PostgresFlagDecisionStoreConfig) config: PostgresFlagDecisionStoreConfig) {
    this.pool = config.pool;
  }

  record(decision: FlagDecision): TE.TaskEither<UpstreamFailure, void> {
    return this.query("record", async () => {
      await this.pool.query(
        `INSERT INTO flag_decisions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (address, flag) DO UPDATE
         SET decision = EXCLUDED.decision, note = EXCLUDED.note, decided_at = EXCLUDED.decided_at`,
        [decision.address, decision.flag, decision.decision, decision.note, decision.decidedAt],
      );
    });
  }

  forAddress(address: Address): TE.TaskEither<UpstreamFailure, readonly FlagDecision[]> {
    return this.query("for address", async () => {
      const result = await this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM flag_decisions WHERE address = $1 ORDER BY flag`,
        [address],
      );
      return result.rows.map(toDecision);
    });
  }

  private query<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("storage", `flag decision store ${what}`, run);
  }
}
