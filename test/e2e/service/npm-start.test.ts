import { expect } from "chai";
import { spawn } from "node:child_process";
import { spawnService } from "../../support/service-process";

/** The embedded default: no database or Redis, whatever the test run's own environment holds. */
const EMBEDDED = { PORT: "0", DEV_CHAIN_PORT: "0", ALT_PORT: "0", LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "" };

/** The Sui app of `npm start`: the seeded coins in the expected order; score-wallet writes, then a repeat reads. */
async function checkSuiCompanion(suiUrl: string): Promise<void> {
  const roles = (await (await fetch(`${suiUrl}/api/dev/scenario`)).json()) as Record<string, string>;
  const scores: number[] = [];
  for (const role of ["fixedSupplyCoin", "mintableCoin", "regulatedCoin", "freshCoin"]) {
    const coin = (await (await fetch(`${suiUrl}/api/coin?type=${encodeURIComponent(roles[role]!)}`)).json()) as {
      score: number;
    };
    scores.push(coin.score);
  }
  expect([...scores].sort((a, b) => b - a)).to.deep.equal(scores);
  expect(new Set(scores).size).to.equal(4);
  const post = async () =>
    (await (
      await fetch(`${suiUrl}/api/score-wallet`, {
        method: "POST",
        body: JSON.stringify({ address: roles.longLivedWallet }),
      })
    ).json()) as { written: boolean; digest: string; score: number };
  const first = await post();
  const again = await post();
  expect([first.written, again.written, again.digest, again.score]).to.deep.equal([
    true,
    false,
    first.digest,
    first.score,
  ]);
}

describe("npm start (the real process)", function () {
  this.timeout(120_000);

  it("serves /healthz and /readyz, prints the seeded roles, serves the Sui companion app, and exits 0 on SIGTERM", async () => {
    const { url, suiUrl, output, stop } = await spawnService(EMBEDDED, "npm start");
    try {
      expect((await fetch(`${url}/healthz`)).status).to.equal(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).to.equal(200);
      const readiness = (await ready.json()) as {
        status: string;
        checks: { index: { lagBlocks: number }; chain: { endpoints: { url: string }[] } };
      };
      // The embedded chain is the one RPC endpoint: on loopback, on a port of its own.
      expect(readiness.checks.chain.endpoints.map((e) => e.url)).to.have.lengthOf(1);
      expect(readiness.checks.chain.endpoints[0]!.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(readiness).to.deep.equal({
        status: "ready",
        checks: {
          chain: { ok: true, endpoints: [{ url: readiness.checks.chain.endpoints[0]!.url, state: "ok" }] },
          // The index may trail the head by the block the poll has not read yet.
          index: { ok: true, mode: "memory", lagBlocks: readiness.checks.index.lagBlocks },
          database: { ok: true, mode: "memory" },
          redis: { ok: true, mode: "memory" },
        },
      });
      expect(readiness.checks.index.lagBlocks).to.be.within(0, 2);
      expect(output()).to.contain('"honeypotToken"');
      const scenario = (await (await fetch(`${url}/api/dev/scenario`)).json()) as { chainId: number };
      expect(scenario.chainId).to.equal(5042002);
      await checkSuiCompanion(suiUrl);
    } finally {
      expect(await stop("SIGTERM")).to.equal(0);
    }
  });

  it("refuses to start on a bad variable, naming it", async () => {
    const child = spawn(process.execPath, ["scripts/start.cjs"], {
      env: { ...process.env, PORT: "eighty" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).to.equal(1);
    expect(stderr).to.contain('PORT="eighty"');
  });
});
