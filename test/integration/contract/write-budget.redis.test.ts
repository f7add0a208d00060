import { expect } from "chai";
import { RedisWriteBudget } from "../../../src/adapters/write-budget/redis-write-budget.adapter";
import { redisConnections, testKeyPrefix, unreachableRedis } from "../../support/redis";
import { CONTRACT_LIMITS, writeBudgetContract } from "./write-budget.contract";

const keyPrefix = testKeyPrefix("budget");
const connection = redisConnections(keyPrefix);

writeBudgetContract("redis", async (limits) => new RedisWriteBudget({ redis: await connection(), keyPrefix, limits }));

describe("RedisWriteBudget", () => {
  it("two instances (two connections) spend one budget: of 30 concurrent reservers of 3 units, 3 are granted", async () => {
    const [a, b] = [
      new RedisWriteBudget({ redis: await connection(), keyPrefix, limits: CONTRACT_LIMITS }),
      new RedisWriteBudget({ redis: await connection(), keyPrefix, limits: CONTRACT_LIMITS }),
    ];
    const day = "2032-02-02";
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).reserve("sui", day, 3n)),
    );
    expect(outcomes.filter((o) => o === "granted")).to.have.length(3);
  });

  it("keeps one counter per chain and day under REDIS_KEY_PREFIX, expiring after the day is over", async () => {
    const redis = await connection();
    await new RedisWriteBudget({ redis, keyPrefix, limits: CONTRACT_LIMITS }).reserve("sui", "2032-03-03", 4n);
    const key = `${keyPrefix}budget:sui:2032-03-03`;
    expect(await redis.get(key)).to.equal("4");
    expect(await redis.pttl(key)).to.be.within(86_400_000, 2 * 86_400_000);
  });

  it("Redis unreachable: unavailable, never a budget counted per instance", async () => {
    const budget = new RedisWriteBudget({ redis: unreachableRedis(), keyPrefix, limits: CONTRACT_LIMITS });
    expect(await budget.reserve("sui", "2032-04-04", 1n)).to.equal("unavailable");
  });
});
