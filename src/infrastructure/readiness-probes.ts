import type { Redis } from "ioredis";
import type pg from "pg";
import type { ReadinessProbe } from "../application/ports/readiness-probe.port";

/** PostgreSQL answers a trivial query. Required: without it paid calls are refused (503). */
export function databaseProbe(pool: pg.Pool | null): ReadinessProbe {
  if (pool === null) return { name: "database", required: true, check: async () => ({ ok: true, mode: "memory" }) };
  return {
    name: "database",
    required: true,
    check: async () => {
      try {
        await pool.query("SELECT 1");
        return { ok: true };
      } catch {
        return { ok: false };
      }
    },
  };
}

/** Redis answers PING. Optional: without it limits are per instance and nothing is shared (degraded). */
export function redisProbe(redis: Redis | null): ReadinessProbe {
  if (redis === null) return { name: "redis", required: false, check: async () => ({ ok: true, mode: "memory" }) };
  return {
    name: "redis",
    required: false,
    check: async () => {
      if (redis.status !== "ready") return { ok: false };
      try {
        return { ok: (await redis.ping()) === "PONG" };
      } catch {
        return { ok: false };
      }
    },
  };
}
