import { expect } from "chai";
import { Wallet, keccak256, toUtf8Bytes } from "ethers";
import { appWorld, OPERATOR_KEY, PLATFORM_KEY, type AppWorld } from "./support/app-world";
import { getJson, postJson } from "./support/http-client";
import { freshV1Payment } from "./support/oracle-payments";

const FLAG = "CANNOT_SELL_ALL";
const REASON = "Every real holder sold their whole balance; the dust rule keeps 1 wei.";
/** The seeded world's wallets are derived from their label (src/dev-world/world/chain-writer.ts worldWallet). */
const worldKey = (label: string) => new Wallet(keccak256(toUtf8Bytes(`credence/dev-world/${label}`)));
/** The canonical text an owner signs (docs/disputes.md). */
const message = (chainId: number, address: string, flag: string, reason: string) =>
  `Credence flag dispute\nchainId: ${chainId}\naddress: ${address}\nflag: ${flag}\nreason: ${reason}`;

/**
 * Issue 29 item 5, in one process: a dispute filed (owner-signed), upheld by the operator, and seen everywhere at
 * once: widget, batch, paid oracle and arc-score answers lose the flag and name the dispute, the attestation that
 * carried it verifies `revoked`, and the Protocol Guard subscription watching the token gets `score_changed`.
 * The dust-lock token is disputed: no other HTTP test reads it (the app is shared by every file of the run).
 */
describe("HTTP e2e: a dispute filed, upheld and seen everywhere", function () {
  this.timeout(180_000);
  let w: AppWorld;
  let token: string;
  const operator = { Authorization: `Bearer ${OPERATOR_KEY}` };
  const platform = { Authorization: `Bearer ${PLATFORM_KEY}` };
  let attestation: unknown;
  let subscription: { id: string; manageToken: string };
  let disputeId = "";

  before(async () => {
    w = await appWorld();
    token = w.manifest.capabilityTokens.dustLockToken;
  });

  const widget = async () => (await getJson(`${w.url}/api/widget/score/${token}`)).body;
  const batch = async () => (await postJson(`${w.url}/api/batch`, { addresses: [token] })).body[0];
  const paid = async () => {
    const path = `/api/oracle/token/${token}`;
    const res = await getJson(w.url + path, await freshV1Payment(w, path));
    expect(res.status).to.equal(200);
    return res.body;
  };
  const codes = (flags: { code: string }[]) => flags.map((f) => f.code);
  const verify = async (document: unknown) =>
    (
      await postJson(`${w.url}/api/gating/verify`, {
        attestation: document,
        expectedSubject: token,
        expectedChainId: w.chainId,
      })
    ).body;

  it("before: the token is BLOCKED on CANNOT_SELL_ALL everywhere; it is attested and watched", async () => {
    expect(await widget()).to.deep.equal({ score: 0, tier: "BLOCKED", contractType: "ERC-20" });
    expect((await batch()).flags).to.include(FLAG);
    expect(codes((await paid()).flags)).to.include(FLAG);
    const attested = await postJson(`${w.url}/api/gating/attest`, {
      subject: token,
      subjectType: "token",
      useClass: "allowlist",
      ttlSeconds: 3600,
    });
    expect(attested.status).to.equal(201);
    attestation = attested.body.attestation;
    expect(attested.body.attestation.flags).to.include(FLAG);
    expect(await verify(attestation)).to.include({ valid: true });
    const subscribed = await postJson(`${w.url}/api/protocol-guard/subscribe`, {
      protocolName: "Dust watchers",
      channels: [{ type: "webhook", url: "https://hooks.example.org/dust" }],
      rules: [{ type: "min_score", value: 40, action: "review" }],
      contracts: [{ address: token, events: ["Transfer(address indexed from, address indexed to, uint256 value)"] }],
    });
    expect(subscribed.status).to.equal(201);
    subscription = subscribed.body;
  });

  it("refuses a bad filing by field, 400 invalid_request, and nothing is filed", async () => {
    const good = { address: token, flag: FLAG, reason: REASON };
    for (const [body, field] of [
      [[], "body"],
      [{ ...good, address: "0x12" }, "address"],
      [{ ...good, flag: "NOT_A_FLAG" }, "flag"],
      [{ ...good, reason: "" }, "reason"],
      [{ ...good, reason: "x".repeat(1001) }, "reason"],
      [{ ...good, evidence: "e".repeat(2001) }, "evidence"],
      [{ ...good, contact: "a\nb" }, "contact"],
      [{ ...good, signature: "0xdead" }, "signature"],
      // Well-formed hex that recovers to no key.
      [{ ...good, signature: `0x${"00".repeat(65)}` }, "signature"],
    ] as const) {
      const res = await postJson(`${w.url}/api/disputes`, body);
      expect([res.status, res.body], field).to.deep.equal([400, { error: "invalid_request", field }]);
    }
    expect((await widget()).disputes).to.equal(undefined);
  });

  it("files an owner-signed dispute (201, open, ownerSigned); another signer's is filed but not ownerSigned", async () => {
    const owner = worldKey("cap-dustLockToken-deployer");
    const signature = await owner.signMessage(message(w.chainId, token, FLAG, REASON));
    const filed = await postJson(`${w.url}/api/disputes`, {
      address: token.toUpperCase().replace("0X", "0x"),
      flag: FLAG,
      reason: REASON,
      evidence: "sells at blocks 1200-1300",
      contact: "dev@dust.example",
      signature,
    });
    expect(filed.status).to.equal(201);
    expect(filed.body).to.include({ address: token, flag: FLAG, status: "open", ownerSigned: true, decidedAt: null });
    expect(filed.body).to.not.have.any.keys("contact", "signer");
    disputeId = filed.body.id;

    const stranger = Wallet.createRandom();
    const other = await postJson(`${w.url}/api/disputes`, {
      address: token,
      flag: "DEPLOYER_HOLDS_MUCH",
      reason: "vested",
      signature: await stranger.signMessage(message(w.chainId, token, "DEPLOYER_HOLDS_MUCH", "vested")),
    });
    expect(other.body).to.include({ status: "open", ownerSigned: false });
    // The owner's signature over another flag proves nothing about this one.
    const replayed = await postJson(`${w.url}/api/disputes`, {
      address: token,
      flag: "ANTI_WHALE",
      reason: REASON,
      signature,
    });
    expect(replayed.body).to.include({ status: "open", ownerSigned: false });

    const queue = await getJson(`${w.url}/api/operator/disputes?address=${token}`, operator);
    const mine = queue.body.disputes.find((d: { id: string }) => d.id === disputeId);
    expect(mine).to.include({ contact: "dev@dust.example", signer: owner.address.toLowerCase() });
    expect((await getJson(`${w.url}/api/operator/disputes?address=${token}`, platform)).status).to.equal(401);
  });

  it("an open dispute changes no verdict but every answer names it", async () => {
    const mention = { id: disputeId, flag: FLAG, status: "open" };
    const [widgetBody, batchItem, paidBody] = [await widget(), await batch(), await paid()];
    expect(widgetBody).to.include({ tier: "BLOCKED" });
    expect(widgetBody.disputes).to.deep.include(mention);
    expect(batchItem.flags).to.include(FLAG);
    expect(batchItem.disputes).to.deep.include(mention);
    expect(paidBody.disputes).to.deep.include(mention);
    expect((await getJson(`${w.url}/api/disputes/${disputeId}`)).body).to.include({
      status: "open",
      decidedAt: null,
      reason: null,
    });
  });

  it("only the operator decides: 401 without the operator credential, 404 for an unknown id, 400 by field", async () => {
    const decision = { status: "upheld", reason: "real holders sold in full" };
    for (const headers of [{}, platform]) {
      const refused = await postJson(`${w.url}/api/operator/disputes/${disputeId}/decision`, decision, headers);
      expect([refused.status, refused.body]).to.deep.equal([401, { error: "unauthorized" }]);
    }
    const unknown = await postJson(`${w.url}/api/operator/disputes/dsp_${"0".repeat(32)}/decision`, decision, operator);
    expect([unknown.status, unknown.body]).to.deep.equal([404, { error: "not_found" }]);
    const bad = await postJson(`${w.url}/api/operator/disputes/${disputeId}/decision`, { status: "maybe" }, operator);
    expect([bad.status, bad.body]).to.deep.equal([400, { error: "invalid_request", field: "status" }]);
    expect((await getJson(`${w.url}/api/disputes/nope`)).status).to.equal(404);
  });

  it("upheld: the flag is gone from widget, batch, paid and arc-score answers, which name the decision", async () => {
    const upheld = await postJson(
      `${w.url}/api/operator/disputes/${disputeId}/decision`,
      { status: "upheld", reason: "real holders sold in full; only a 1-wei dust rule failed" },
      operator,
    );
    expect(upheld.status).to.equal(200);
    expect(upheld.body).to.include({ id: disputeId, status: "upheld", action: "remove", subscribersAlerted: 1 });
    const again = await postJson(
      `${w.url}/api/operator/disputes/${disputeId}/decision`,
      { status: "rejected", reason: "second thoughts" },
      operator,
    );
    expect([again.status, again.body]).to.deep.equal([409, { error: "dispute_already_decided", status: "upheld" }]);

    const publicView = (await getJson(`${w.url}/api/disputes/${disputeId}`)).body;
    expect(publicView).to.include({
      status: "upheld",
      reason: "real holders sold in full; only a 1-wei dust rule failed",
    });
    expect(Date.parse(publicView.decidedAt)).to.be.closeTo(Date.now(), 60_000);

    const mention = { id: disputeId, flag: FLAG, status: "upheld" };
    const widgetBody = await widget();
    expect(widgetBody.tier).to.not.equal("BLOCKED");
    expect(widgetBody.score).to.be.greaterThan(0);
    expect(widgetBody.disputes).to.deep.include(mention);
    const batchItem = await batch();
    expect(batchItem.flags).to.not.include(FLAG);
    expect(batchItem).to.include({ tier: widgetBody.tier, score: widgetBody.score });
    expect(batchItem.disputes).to.deep.include(mention);
    const paidBody = await paid();
    expect(codes(paidBody.flags)).to.not.include(FLAG);
    expect(paidBody).to.include({ tier: widgetBody.tier, score: widgetBody.score });
    expect(paidBody.disputes).to.deep.include(mention);
    const arc = (await getJson(`${w.url}/api/arc-score/${token}`, platform)).body;
    expect(codes(arc.flags)).to.not.include(FLAG);
    expect(arc.breakdown).to.include({ final: widgetBody.score, ceiling: 100 });
  });

  it("the attestation that carried the flag verifies revoked; one issued now does not carry it and is valid", async () => {
    expect(await verify(attestation))
      .to.include({ valid: false })
      .and.to.have.deep.property("reasons", ["revoked"]);
    const fresh = await postJson(`${w.url}/api/gating/attest`, {
      subject: token,
      subjectType: "token",
      useClass: "allowlist",
      ttlSeconds: 3600,
    });
    expect(fresh.body.attestation.flags).to.not.include(FLAG);
    expect(await verify(fresh.body.attestation)).to.include({ valid: true });
  });

  it("the Protocol Guard subscriber watching the token got score_changed, with a delivery queued", async () => {
    const read = await getJson(`${w.url}/api/protocol-guard/subscriptions?id=${subscription.id}`, {
      Authorization: `Bearer ${subscription.manageToken}`,
    });
    const alert = read.body.alerts.find((a: { source?: string }) => a.source === "score_changed");
    const now = await widget();
    expect(alert).to.include({ wallet: token, decision: "review", disputeId, score: now.score, tier: now.tier });
    expect(alert.reasons[0]).to.contain(`dispute ${disputeId} upheld`).and.contain(FLAG);
    expect(alert.deliveries).to.have.length(1);
    expect(alert.deliveries[0]).to.include({ type: "webhook" });
  });

  it("a rejected dispute changes nothing but is named with its status", async () => {
    const filed = await postJson(`${w.url}/api/disputes`, {
      address: token,
      flag: "DEPLOYER_HOLDS_MUCH",
      reason: "vested tokens",
    });
    const before = await batch();
    const rejected = await postJson(
      `${w.url}/api/operator/disputes/${filed.body.id}/decision`,
      { status: "rejected", reason: "the deployer holds 60% today" },
      operator,
    );
    expect(rejected.body).to.include({ status: "rejected", action: null, subscribersAlerted: 0 });
    const after = await batch();
    expect(after).to.include({ score: before.score, tier: before.tier });
    expect(after.flags).to.deep.equal(before.flags);
    expect(after.disputes).to.deep.include({ id: filed.body.id, flag: "DEPLOYER_HOLDS_MUCH", status: "rejected" });
  });
});
