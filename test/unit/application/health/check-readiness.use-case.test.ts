import { expect } from "chai";
import type { ReadinessProbe } from "../../../../src/application/ports/readiness-probe.port";
import { CheckReadiness } from "../../../../src/application/use-cases/health/check-readiness.use-case";
import { infallible } from "../../../../src/application/infallible";

const probe = (name: string, required: boolean, ok: boolean | "throws", extra = {}): ReadinessProbe => ({
  name,
  required,
  check: async () => {
    if (ok === "throws") throw new Error("boom");
    return { ok, ...extra };
  },
});

describe("CheckReadiness", () => {
  it("ready when every dependency answers; each check is reported with its details", async () => {
    const readiness = await infallible(
      new CheckReadiness([
        probe("chain", true, true),
        probe("index", true, true, { lagBlocks: 3 }),
        probe("database", true, true, { mode: "memory" }),
        probe("redis", false, true),
      ]).execute(),
    );
    expect(readiness).to.deep.equal({
      status: "ready",
      checks: {
        chain: { ok: true },
        index: { ok: true, lagBlocks: 3 },
        database: { ok: true, mode: "memory" },
        redis: { ok: true },
      },
    });
  });

  it("degraded when only an optional dependency (Redis) is down", async () => {
    const readiness = await infallible(
      new CheckReadiness([probe("chain", true, true), probe("redis", false, false)]).execute(),
    );
    expect(readiness.status).to.equal("degraded");
    expect(readiness.checks.redis).to.deep.equal({ ok: false });
  });

  it("not ready when a required dependency is down; a throwing probe counts as down", async () => {
    const readiness = await infallible(
      new CheckReadiness([probe("chain", true, true), probe("database", true, "throws")]).execute(),
    );
    expect(readiness).to.deep.equal({ status: "not_ready", checks: { chain: { ok: true }, database: { ok: false } } });
  });
});
