import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** `migrations/` at the repository root: plain SQL files, `<timestamp>_<name>.sql`, applied in name order. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../migrations");

export interface MigrationLog {
  info(message: string): void;
}

/**
 * Brings the database's schema up to date before any adapter touches it. The schema is the
 * connection's own (`current_schema()`, so `?options=-c search_path=x` in DATABASE_URL selects it;
 * tests isolate themselves that way). Instances starting together wait on node-pg-migrate's advisory
 * lock instead of failing; all pending migrations apply in one transaction or not at all.
 * Returns the names of the migrations applied now.
 */
export async function migratePostgres(databaseUrl: string, log?: MigrationLog): Promise<readonly string[]> {
  const say = (message: string) => log?.info(message);
  // Loaded here, not with the module: ~150 ms of every start, and a start without DATABASE_URL never migrates.
  const { runner } = await import("node-pg-migrate");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const current = await client.query<{ schema: string | null }>("SELECT current_schema() AS schema");
    const schema = current.rows[0]?.schema ?? "public";
    const applied = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      schema,
      migrationsTable: "pgmigrations",
      direction: "up",
      singleTransaction: true,
      advisoryLockMode: "wait",
      checkOrder: true,
      logger: { info: say, warn: say, error: say },
    });
    return applied.map((migration) => migration.name);
  } finally {
    await client.end();
  }
}
