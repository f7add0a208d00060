import type { Redis } from "ioredis";
import type { BudgetOutcome, WriteBudget, WriteBudgetLimits } from "../../application/ports/write-budget.port";
import type { WriteChain } from "../../domain/write-budget/write-budget-day";

export interface RedisWriteBudgetOptions {
  readonly redis: Redis;
  /** REDIS_KEY_PREFIX: two deployments can share one Redis. */
  readonly keyPrefix: string;
  readonly limits: WriteBudgetLimits;
  /** Called when Redis did not answer (the write is refused, not sent). */
  readonly onError?: (error: unknown) => void;
}

/** A day's counter outlives its day by one, for a request begun just before midnight. */
const KEY_TTL_MS = 2 * 86_400_000;

/**
 * Check and spend in one script, so no two instances both see room for one write. Lua numbers are
 * doubles: amounts and limits stay below 2^53 (the configuration caps them there).
 */
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/**
 * The budget every instance shares, one counter per chain and day under
 * `<prefix>budget:<chain>:<day>`. Unlike the rate limits it does not fall back per instance while
 * Redis is unreachable: that would let each instance spend a whole budget, so it answers
 * `unavailable` and nothing is written.
 */
export class RedisWriteBudget implements WriteBudget {
  constructor(private readonly options: RedisWriteBudgetOptions) {}

  async reserve(chain: WriteChain, day: string, amount: bigint): Promise<BudgetOutcome> {
    const limit = this.options.limits[chain];
    if (amount <= 0n || amount > limit) return "exhausted";
    if (this.options.redis.status !== "ready") return "unavailable";
    try {
      const key = `${this.options.keyPrefix}budget:${chain}:${day}`;
      const granted = await this.options.redis.eval(RESERVE, 1, key, amount.toString(), limit.toString(), KEY_TTL_MS);
      return granted === 1 ? "granted" : "exhausted";
    } catch (error) {
      this.options.onError?.(error);
      return "unavailable";
    }
  }
}
