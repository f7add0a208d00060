import { expect } from "chai";
import { startSuiTestServer, type SuiTestServer } from "../../support/sui/sui-harness";
import { detachedSuiChain } from "../../support/http-harness";

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("Sui app on the embedded Sui ledger", () => {
  let suiApp: SuiTestServer;
  let base: string;
  before(async () => {
    suiApp = await startSuiTestServer({ env: { SCORE_WALLET_RATE_LIMIT_PER_MINUTE: "1000" } });
    base = suiApp.server.url;
  });
  after(() => suiApp.server.close());

  it("lists the seeded roles at /api/dev/scenario", async () => {
    const roles = (await (await fetch(`${base}/api/dev/scenario`)).json()) as Record<string, string>;
    for (const role of [
      "fixedSupplyCoin",
      "mintableCoin",
      "regulatedCoin",
      "freshCoin",
      "longLivedWallet",
      "freshWallet",
      "botWallet",
    ])
      expect(roles[role], role).to.be.a("string");
  });

  it("orders the seeded coins fixed > mintable > regulated-with-pause > fresh, with the documented body", async () => {
    const s = suiApp.scenario!;
    const scores: number[] = [];
    for (const coin of [s.fixedSupplyCoin, s.mintableCoin, s.regulatedCoin, s.freshCoin]) {
      const response = await fetch(`${base}/api/coin?type=${encodeURIComponent(coin)}`);
      expect(response.status).to.equal(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).to.deep.equal([
        "coinType",
        "score",
        "tier",
        "confidence",
        "verified",
        "signals",
        "flags",
        "metadata",
        "scoredAt",
        "nextRescoreAt",
      ]);
      expect(body.coinType).to.equal(coin);
      scores.push(body.score as number);
    }
    expect(scores[0]).to.be.above(scores[1]!);
    expect(scores[1]).to.be.above(scores[2]!);
    expect(scores[2]).to.be.above(scores[3]!);
  });

  it("scores SUI as VERIFIED (configured list) and accepts the short form 0x2", async () => {
    const body = (await (await fetch(`${base}/api/coin?type=0x2::sui::SUI`)).json()) as {
      tier: string;
      verified: boolean;
      coinType: string;
    };
    expect(body).to.include({ tier: "VERIFIED", verified: true, coinType: `0x${"0".repeat(63)}2::sui::SUI` });
  });

  it("answers the same score from cache until nextRescoreAt, with open CORS and a max-age", async () => {
    const url = `${base}/api/coin?type=${encodeURIComponent(suiApp.scenario!.mintableCoin)}`;
    const first = await fetch(url, { headers: { Origin: "https://page.example" } });
    const second = await fetch(url);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as { scoredAt: string; nextRescoreAt: string }[];
    expect(b!.scoredAt).to.equal(a!.scoredAt);
    expect(Date.parse(a!.nextRescoreAt)).to.be.above(Date.parse(a!.scoredAt));
    expect(first.headers.get("access-control-allow-origin")).to.equal("*");
    expect(first.headers.get("cache-control")).to.match(/^public, max-age=\d+$/);
  });

  it("refuses malformed coin types (400 invalid_coin_type) and answers 404 coin_not_found for unknown ones", async () => {
    for (const type of ["", "0x2::sui", "sui::SUI", "0xzz::a::B", "0x2::sui::SUI<T>", `0x2::${"a".repeat(200)}::B`]) {
      const response = await fetch(`${base}/api/coin?type=${encodeURIComponent(type)}`);
      expect([response.status, await response.json()], type).to.deep.equal([400, { error: "invalid_coin_type" }]);
    }
    const missing = await fetch(`${base}/api/coin?type=0xdead::nothing::NOTHING`);
    expect([missing.status, await missing.json()]).to.deep.equal([404, { error: "coin_not_found" }]);
    expect(missing.headers.get("cache-control")).to.equal("no-store");
  });

  it("writes a wallet's score, reads it back from the registry, and does not write again in the same epoch", async () => {
    const wallet = suiApp.scenario!.longLivedWallet;
    const first = (await (await post(`${base}/api/score-wallet`, { address: wallet })).json()) as Record<
      string,
      unknown
    >;
    expect(first).to.include({ address: wallet, written: true, botFlagged: false });
    expect(first.score).to.be.at.least(85);
    expect(first.capability).to.deep.include({ kind: "elite" });
    const again = (await (await post(`${base}/api/score-wallet`, { address: wallet })).json()) as Record<
      string,
      unknown
    >;
    expect(again).to.deep.equal({ ...first, written: false, reason: "updated_this_epoch" });
  });

  it("flags the bot-like wallet and mints nothing; a fresh wallet earns no capability", async () => {
    const bot = (await (
      await post(`${base}/api/score-wallet`, { address: suiApp.scenario!.botWallet })
    ).json()) as Record<string, unknown>;
    expect(bot).to.include({ botFlagged: true, capability: null, written: true });
    expect(bot.score).to.be.at.most(30);
    const fresh = (await (
      await post(`${base}/api/score-wallet`, { address: suiApp.scenario!.freshWallet })
    ).json()) as Record<string, unknown>;
    expect(fresh).to.include({ capability: null, tier: "LOW" });
  });

  it("lets exactly one of concurrent requests for one address write", async () => {
    // A fresh ledger: the seeded wallets (the only ones with history) are written above.
    const fresh = await startSuiTestServer({ env: { SCORE_WALLET_RATE_LIMIT_PER_MINUTE: "1000" } });
    try {
      const address = fresh.scenario!.longLivedWallet;
      const answers = (await Promise.all(
        Array.from({ length: 6 }, async () => (await post(`${fresh.server.url}/api/score-wallet`, { address })).json()),
      )) as { written: boolean; digest: string }[];
      expect(answers.filter((a) => a.written)).to.have.length(1);
      expect(new Set(answers.map((a) => a.digest)).size).to.equal(1);
    } finally {
      await fresh.server.close();
    }
  });

  it("answers an address nothing has happened to read-only, with its own score and no epoch", async () => {
    const address = `0x${"5".repeat(64)}`;
    const body = (await (await post(`${base}/api/score-wallet`, { address })).json()) as Record<string, unknown>;
    expect(body).to.deep.include({ written: false, reason: "no_history", updatedEpoch: null, digest: null });
    expect(body).to.include({ tier: "LOW", capability: null });
  });

  it("normalises short addresses and refuses bad ones with 400 invalid_address", async () => {
    const short = (await (await post(`${base}/api/score-wallet`, { address: "0xABC" })).json()) as { address: string };
    expect(short.address).to.equal(`0x${"0".repeat(61)}abc`);
    for (const address of [undefined, 42, "0x", "0xg1", `0x${"1".repeat(65)}`, "abc"]) {
      const response = await post(`${base}/api/score-wallet`, { address });
      expect([response.status, await response.json()]).to.deep.equal([400, { error: "invalid_address" }]);
    }
  });

  it("serves its own OpenAPI document covering every Sui route", async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ["/api/coin", "get"],
      ["/api/score-wallet", "post"],
      ["/widget.js", "get"],
      ["/widget-demo.html", "get"],
      ["/api/dev/scenario", "get"],
    ] as const)
      expect(document.paths[path]?.[method], `${method} ${path}`).to.not.equal(undefined);
  });
});

describe("Sui app rate limit and upstream failure", () => {
  it("limits score-wallet per client (429 rate_limited with Retry-After)", async () => {
    const suiApp = await startSuiTestServer({ env: { SCORE_WALLET_RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await post(`${suiApp.server.url}/api/score-wallet`, { address: "0x7" })).status);
      expect(statuses).to.deep.equal([200, 200, 429]);
    } finally {
      await suiApp.server.close();
    }
  });

  it("answers 502 sui_unavailable when the Sui endpoint does not answer, for coins and wallets", async () => {
    const suiApp = await startSuiTestServer({ suiChain: detachedSuiChain() });
    try {
      const coin = await fetch(`${suiApp.server.url}/api/coin?type=0x2::sui::SUI`);
      expect([coin.status, await coin.json()]).to.deep.equal([502, { error: "sui_unavailable" }]);
      const wallet = await post(`${suiApp.server.url}/api/score-wallet`, { address: "0x7" });
      expect([wallet.status, await wallet.json()]).to.deep.equal([502, { error: "sui_unavailable" }]);
    } finally {
      await suiApp.server.close();
    }
  });
});
