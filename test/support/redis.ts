import { Redis } from "ioredis";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** Every key a test writes starts with this (REDIS_KEY_PREFIX of the test run), removed afterwards. */
export const testKeyPrefix = (label: string) =>
  `${process.env.REDIS_KEY_PREFIX ?? "test:"}${label}:${process.pid}:${Date.now()}:`;

/** A connection that fails fast like the service's own (no offline queue), ready before use. */
export async function openRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise<void>((resolve, reject) => {
    redis.once("ready", () => resolve());
    redis.once("error", reject);
  });
  return redis;
}

/** A client that never reaches a server: what the adapters see while Redis is down. */
export function unreachableRedis(): Redis {
  const redis = new Redis("redis://127.0.0.1:1", {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on("error", () => undefined);
  return redis;
}

export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

/**
 * Connections a test file opens against `keyPrefix`: each call opens one more; after the file's run its keys
 * are deleted and every connection closed (a root-level hook, registered when the file calls this).
 */
export function redisConnections(keyPrefix: string): () => Promise<Redis> {
  const connections: Redis[] = [];
  after(async () => {
    if (connections[0] !== undefined) await deleteKeys(connections[0], keyPrefix);
    for (const redis of connections) redis.disconnect();
  });
  return async () => {
    const redis = await openRedis();
    connections.push(redis);
    return redis;
  };
}
