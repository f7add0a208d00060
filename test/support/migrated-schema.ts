import pg from "pg";
import { migratePostgres } from "../../src/adapters/storage/postgres-migrations";

export const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";

export interface MigratedSchema {
  /** DATABASE_URL with `search_path` set to the schema: what a service under test is given. */
  readonly url: string;
  readonly schema: string;
  /** A pool whose connections work in the schema. */
  readonly pool: pg.Pool;
  /** Ends the pool and drops the schema with everything in it. */
  drop(): Promise<void>;
}

let counter = 0;

/**
 * A fresh schema of our own, migrated exactly as the service migrates at start-up, so parallel
 * runs and other suites never collide and every test sees the production schema.
 */
export async function migratedSchema(label: string, poolSize = 10): Promise<MigratedSchema> {
  counter += 1;
  const schema = `t_${label}_${process.pid}_${Date.now()}_${counter}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = withSearchPath(DATABASE_URL, schema);
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    url,
    schema,
    pool,
    drop: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}
