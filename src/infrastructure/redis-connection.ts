import { createRequire } from "node:module";
import type { Redis } from "ioredis";
import type { Logger } from "pino";

/** How long start-up waits for Redis before serving degraded (per-instance limits, no shared cache). */
const READY_WAIT_MS = 3_000;

/**
 * One ioredis connection for the rate limits and the shared score cache. Commands never queue
 * behind a dead connection (`enableOfflineQueue: false`): adapters see `status !== "ready"` and fall
 * back at once. It reconnects forever; losing and regaining Redis is logged once per transition.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  // Loaded at the first connection, not with the module: a start without REDIS_URL never needs the client.
  const { Redis: Client } = createRequire(import.meta.url)("ioredis") as typeof import("ioredis");
  const redis = new Client(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2_000),
  });
  let down = false;
  redis.on("error", (error: unknown) => {
    if (down) return;
    down = true;
    logger.warn(
      { err: error, redis: hostOf(url) },
      "Redis unreachable: rate limits are per instance and scores are not shared until it is back; scores still answer",
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info({ redis: hostOf(url) }, "Redis reachable again: rate limits and score cache are shared");
  });
  return redis;
}

/** Resolves once the connection is ready or after READY_WAIT_MS, whichever is first; never rejects. */
export function redisReady(redis: Redis): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), READY_WAIT_MS);
    const onReady = () => finish(true);
    function finish(ready: boolean) {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    }
    redis.on("ready", onReady);
  });
}

/** Host and port only: a Redis URL may carry a password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "<redis>";
  }
}
