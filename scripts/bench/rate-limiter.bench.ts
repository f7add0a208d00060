/**
 * Per-request cost of the in-memory rate limiter as distinct clients pile up in one window:
 * microseconds per new key at 1,000 keys (baseline) and at 80,000 and 200,000 keys (past the LRU
 * bound). Before issue 13 every new key past 10,000 swept the whole map (80k keys took 19.5 s).
 */
import { InMemoryRateLimiter } from "../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";

const policy = { limit: 10, windowMs: 60_000 };

async function microsPerKey(keys: number): Promise<number> {
  const limiter = new InMemoryRateLimiter();
  const started = performance.now();
  for (let i = 0; i < keys; i += 1) await limiter.consume(`ip-${i}`, policy);
  const elapsed = performance.now() - started;
  return Math.round((elapsed * 1000 * 100) / keys) / 100;
}

export async function runRateLimiterBench() {
  await microsPerKey(5_000); // warm-up: JIT, map growth
  const baseline = await microsPerKey(1_000);
  const at80k = await microsPerKey(80_000);
  const at200k = await microsPerKey(200_000);
  return { baselineMicrosPerKey1k: baseline, microsPerKey80k: at80k, microsPerKey200k: at200k };
}
