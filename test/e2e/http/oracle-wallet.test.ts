import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { decodeBase64JsonHeader, getJson } from "./support/http-client";
import { freshV1Payment } from "./support/oracle-payments";

const ORACLE_FIELDS = [
  "address",
  "score",
  "tier",
  "recommendation",
  "confidence",
  "flags",
  "summary",
  "publicExplain",
  "protocolExplain",
  "scoreStability",
  "directionDrivers",
  "snapshotId",
  "scoringVersion",
  "queriedAt",
];

describe("HTTP e2e: GET /api/oracle/{address} (paid wallet scores)", function () {
  this.timeout(120_000);
  let w: AppWorld;
  let walletPath: string;
  before(async () => {
    w = await appWorld();
    walletPath = `/api/oracle/${w.manifest.longLivedWallet}`;
  });

  it("answers 402 with an x402 v1 challenge and a v2 PAYMENT-REQUIRED header", async () => {
    const res = await getJson(w.url + walletPath);
    expect(res.status).to.equal(402);
    expect(res.headers.get("access-control-allow-origin")).to.equal("*");
    expect(res.body).to.include({ error: "payment_required", x402Version: 1, amount: "0.001", chainId: 5042002 });
    expect(res.body.accepts).to.have.lengthOf(1);
    expect(res.body.accepts[0]).to.deep.include({
      scheme: "exact",
      network: "arc-testnet",
      maxAmountRequired: "1000",
      asset: "0x3600000000000000000000000000000000000000",
      payTo: w.manifest.payee,
      extra: { name: "USDC", version: "2" },
    });
    const v2 = decodeBase64JsonHeader(res.headers.get("payment-required")) as {
      x402Version: number;
      accepts: { network: string; amount: string; payTo: string }[];
    };
    expect(v2.x402Version).to.equal(2);
    expect(v2.accepts[0]).to.include({ network: "eip155:5042002", amount: "1000", payTo: w.manifest.payee });
  });

  it("sends a contract to the token product with 400 CONTRACT_NOT_WALLET, charging nothing even with a payment", async () => {
    const { healthyToken } = w.manifest;
    const expected = { code: "CONTRACT_NOT_WALLET", redirect: `/api/oracle/token/${healthyToken}` };
    const payment = await freshV1Payment(w, walletPath);
    const before = await w.usdcBalance(w.payer.address);
    for (const headers of [{}, payment]) {
      const res = await getJson(`${w.url}/api/oracle/${healthyToken}`, headers);
      expect(res.status).to.equal(400);
      expect(res.body).to.include(expected);
      expect(res.body.error).to.be.a("string").and.not.empty;
      expect(res.headers.get("x-payment-response")).to.equal(null);
    }
    expect(await w.usdcBalance(w.payer.address)).to.equal(before);
    // The authorization was not consumed: it still buys a wallet score.
    const spent = await getJson(w.url + walletPath, payment);
    expect(spent.status).to.equal(200);
  });

  it("sells a score for a valid x402 v1 payment: SPEC fields, no breakdown, settlement header, payee +1000", async () => {
    const payment = await freshV1Payment(w, walletPath);
    const payeeBefore = await w.usdcBalance(w.manifest.payee);
    const res = await getJson(w.url + walletPath, payment);
    expect(res.status).to.equal(200);
    expect(res.body).to.include.all.keys(...ORACLE_FIELDS);
    expect(res.body).not.to.have.property("breakdown");
    expect(res.body).to.include({ address: w.manifest.longLivedWallet, scoringVersion: "v1.0" });
    expect(res.body.score).to.be.a("number");
    expect(res.body.snapshotId).to.match(/^snap_/);
    expect(Number.isNaN(Date.parse(res.body.queriedAt))).to.equal(false);
    const settlement = decodeBase64JsonHeader(res.headers.get("x-payment-response")) as Record<string, unknown>;
    expect(settlement).to.include({ success: true, network: "arc-testnet", payer: w.payer.address.toLowerCase() });
    expect(settlement.transaction).to.match(/^0x[0-9a-f]{64}$/);
    expect(await w.usdcBalance(w.manifest.payee)).to.equal(payeeBefore + 1000n);
  });

  it("refuses the same payment a second time with 422 invalid_payment", async () => {
    const payment = await freshV1Payment(w, walletPath);
    expect((await getJson(w.url + walletPath, payment)).status).to.equal(200);
    const payeeAfterFirst = await w.usdcBalance(w.manifest.payee);
    const replay = await getJson(w.url + walletPath, payment);
    expect(replay.status).to.equal(422);
    expect(replay.body.error).to.equal("invalid_payment");
    expect(replay.body.reason).to.be.a("string").and.not.empty;
    expect(await w.usdcBalance(w.manifest.payee)).to.equal(payeeAfterFirst);
  });

  it("sells exactly one answer when 20 requests race with one payment", async () => {
    const payment = await freshV1Payment(w, walletPath);
    const payeeBefore = await w.usdcBalance(w.manifest.payee);
    const responses = await Promise.all(Array.from({ length: 20 }, () => getJson(w.url + walletPath, payment)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).to.have.lengthOf(1);
    expect(statuses.filter((s) => s === 422)).to.have.lengthOf(19);
    for (const refused of responses.filter((r) => r.status === 422))
      expect(refused.body.error).to.equal("invalid_payment");
    expect(await w.usdcBalance(w.manifest.payee)).to.equal(payeeBefore + 1000n);
  });
});
