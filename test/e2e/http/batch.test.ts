import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { postJson } from "./support/http-client";

const BATCH_SCORE_KEYS = ["address", "score", "tier", "confidence", "flags", "state"];

describe("HTTP e2e: POST /api/batch", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("answers one BatchScore per distinct address; the honeypot is BLOCKED with HONEYPOT_PATTERN", async () => {
    const { healthyToken, honeypotToken, longLivedWallet } = w.manifest;
    // The duplicate differs only in letter case: the same address.
    const mixedCase = `0x${healthyToken.slice(2).toUpperCase()}`;
    const res = await postJson(`${w.url}/api/batch`, {
      addresses: [healthyToken, honeypotToken, mixedCase, longLivedWallet, honeypotToken],
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get("access-control-allow-origin")).to.equal("*");
    const items = res.body as Record<string, unknown>[];
    expect(items.map((i) => i.address)).to.have.members([healthyToken, honeypotToken, longLivedWallet]);
    for (const item of items) {
      expect(item).to.include.keys(...BATCH_SCORE_KEYS);
      expect(item).not.to.have.property("error");
      expect(item.score).to.be.a("number");
      expect(item.tier).to.be.oneOf(["BLOCKED", "LOW", "MEDIUM", "HIGH", "ELITE", "VERIFIED"]);
      expect(typeof item.confidence === "number" || typeof item.confidence === "string").to.equal(true);
      expect(item.flags)
        .to.be.an("array")
        .and.satisfy((flags: unknown[]) => flags.every((f) => typeof f === "string"));
      expect(item.state).to.be.oneOf(["graduated", "mining"]);
      expect(item.scoringVersion).to.equal("v1.0");
    }
    const honeypot = items.find((i) => i.address === honeypotToken)!;
    expect(honeypot.tier).to.equal("BLOCKED");
    expect(honeypot.flags).to.include("HONEYPOT_PATTERN");
    const healthy = items.find((i) => i.address === healthyToken)!;
    expect(healthy.tier).not.to.equal("BLOCKED");
    expect(healthy.flags).not.to.include("HONEYPOT_PATTERN");
  });

  it("refuses an empty list, more than 40 addresses and a malformed address", async () => {
    const empty = await postJson(`${w.url}/api/batch`, { addresses: [] });
    expect(empty.status).to.equal(400);
    expect(empty.body).to.deep.equal({ error: "addresses_required" });
    const tooMany = await postJson(`${w.url}/api/batch`, {
      addresses: Array.from({ length: 41 }, () => w.manifest.freshWallet),
    });
    expect(tooMany.status).to.equal(400);
    expect(tooMany.body).to.include({ error: "too_many_addresses", max: 40 });
    const bad = await postJson(`${w.url}/api/batch`, { addresses: [w.manifest.freshWallet, "0xnope"] });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.equal("invalid_addresses");
  });
});
