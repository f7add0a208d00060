import type { Container } from "inversify";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { WriteBudget, type WriteBudgetLimits } from "../application/ports/write-budget.port";
import { InMemoryWriteBudget } from "../adapters/write-budget/in-memory-write-budget.adapter";
import { RedisWriteBudget } from "../adapters/write-budget/redis-write-budget.adapter";
import type { Config } from "./config/config";

/** Each chain's daily write budget, as configured. */
export function writeBudgetLimits(config: Config): WriteBudgetLimits {
  return {
    sui: BigInt(config.env.SUI_WRITE_BUDGET_MIST_PER_DAY),
    evm: BigInt(config.env.EVM_WRITE_BUDGET_GAS_PER_DAY),
  };
}

/**
 * The daily write budgets: in process memory without REDIS_URL (one instance), in Redis otherwise,
 * shared by every instance like the rate limits (but refusing writes, not counting locally, while
 * Redis is unreachable).
 */
export function bindWriteBudget(container: Container, config: Config, redis: Redis | null, logger: Logger): void {
  const limits = writeBudgetLimits(config);
  container.bind(WriteBudget).toConstantValue(
    redis === null
      ? new InMemoryWriteBudget(limits)
      : new RedisWriteBudget({
          redis,
          keyPrefix: config.env.REDIS_KEY_PREFIX,
          limits,
          onError: (error) => logger.warn({ err: error }, "write budget: Redis call failed, write refused"),
        }),
  );
}
