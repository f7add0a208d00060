/**
 * Rate-limit cost per request on each backend, in one run: the in-memory limiter (the embedded
 * default) and the Redis limiter (REDIS_URL, default redis://127.0.0.1:6379; keys under
 * REDIS_KEY_PREFIX, default `bench:`, removed afterwards), sequential and 32 at a time, 1,000
 * distinct clients. Run: npx tsx scripts/bench/rate-limit-backends.bench.ts
 */
import { Redis } from "ioredis";
import { pathToFileURL } from "node:url";
import { InMemoryRateLimiter } from "../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";
import { RedisRateLimiter } from "../../src/adapters/rate-limit/redis-rate-limiter.adapter";
import type { RateLimiter } from "../../src/application/ports/rate-limiter.port";

const policy = { limit: 1_000_000, windowMs: 60_000 };
const REQUESTS = 20_000;

async function microsPerRequest(limiter: RateLimiter, concurrency: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      await limiter.consume(`bench:client-${i % 1_000}`, policy);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Math.round(((performance.now() - started) * 1000 * 100) / REQUESTS) / 100;
}

export async function runRateLimitBackendsBench() {
  const memory = new InMemoryRateLimiter();
  const prefix = `${process.env.REDIS_KEY_PREFIX ?? "bench:"}rl-bench:${Date.now()}:`;
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { enableOfflineQueue: false });
  await new Promise<void>((resolve, reject) => {
    redis.once("ready", () => resolve());
    redis.once("error", reject);
  });
  try {
    const shared = new RedisRateLimiter({ redis, keyPrefix: prefix });
    await microsPerRequest(memory, 1); // warm-up
    await microsPerRequest(shared, 1);
    const figures = {
      memorySequentialMicros: await microsPerRequest(memory, 1),
      redisSequentialMicros: await microsPerRequest(shared, 1),
      memoryConcurrentMicros: await microsPerRequest(memory, 32),
      redisConcurrentMicros: await microsPerRequest(shared, 32),
    };
    return figures;
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
    redis.disconnect();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(JSON.stringify(await runRateLimitBackendsBench()));
}
