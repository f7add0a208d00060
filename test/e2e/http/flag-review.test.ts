import { expect } from "chai";
import { appWorld, OPERATOR_KEY, PLATFORM_KEY, type AppWorld } from "./support/app-world";
import { getJson, postJson } from "./support/http-client";

/** Issue 28 finding 3: feedback is a queue for the operator; only the operator's decision marks a flag in answers. */
describe("HTTP e2e: feedback never changes an answer; an operator decision marks a flag under review", function () {
  this.timeout(120_000);
  let w: AppWorld;
  const operator = { Authorization: `Bearer ${OPERATOR_KEY}` };
  const platform = { Authorization: `Bearer ${PLATFORM_KEY}` };
  before(async () => {
    w = await appWorld();
  });

  /** What the answers say about the honeypot: batch's list of flags under review and arc-score's marked flags. */
  const marks = async () => {
    const address = w.manifest.honeypotToken;
    const batch = await postJson(`${w.url}/api/batch`, { addresses: [address] });
    const arc = await getJson(`${w.url}/api/arc-score/${address}`, platform);
    expect([batch.status, arc.status]).to.deep.equal([200, 200]);
    const flags = arc.body.flags as { code: string; underReview?: boolean }[];
    expect(flags.map((f) => f.code)).to.include("HONEYPOT_PATTERN");
    return {
      batch: (batch.body[0].flagsUnderReview ?? []) as string[],
      arc: flags.filter((f) => f.underReview === true).map((f) => f.code),
    };
  };
  const decide = (body: unknown, headers: Record<string, string> = operator) =>
    postJson(`${w.url}/api/operator/flag-decisions`, body, headers);

  it("an anonymous false-positive report is stored for the operator and changes no answer", async () => {
    const address = w.manifest.honeypotToken;
    const report = { address, flag: "HONEYPOT_PATTERN", verdict: "false_positive", note: "we are not a honeypot" };
    const created = await postJson(`${w.url}/api/feedback`, report);
    expect(created.status).to.equal(201);
    expect(await marks()).to.deep.equal({ batch: [], arc: [] });
    expect(created.body).to.have.keys(["id", "status", "receivedAt"]);

    const queue = await getJson(`${w.url}/api/feedback?address=${address.toUpperCase().replace("0X", "0x")}`, operator);
    expect(queue.status).to.equal(200);
    expect(queue.body.items.map((i: { id: string }) => i.id)).to.include(created.body.id);
    expect(queue.body.items.every((i: { address: string }) => i.address === address)).to.equal(true);
    expect((await getJson(`${w.url}/api/feedback?address=0x12`, operator)).body).to.deep.equal({
      error: "invalid_request",
      field: "address",
    });
  });

  it("only the operator decides: under_review marks the flag in every answer, review_closed clears it", async () => {
    const address = w.manifest.honeypotToken;
    const decision = { address, flag: "HONEYPOT_PATTERN", decision: "under_review", note: "owner disputes the tax" };
    for (const headers of [{}, platform]) {
      const refused = await decide(decision, headers);
      expect([refused.status, refused.body]).to.deep.equal([401, { error: "unauthorized" }]);
    }
    expect(await marks()).to.deep.equal({ batch: [], arc: [] });

    const recorded = await decide(decision);
    expect(recorded.status).to.equal(200);
    expect(recorded.body).to.include(decision);
    expect(Date.parse(recorded.body.decidedAt)).to.be.closeTo(Date.now(), 60_000);
    expect(await marks()).to.deep.equal({ batch: ["HONEYPOT_PATTERN"], arc: ["HONEYPOT_PATTERN"] });

    const listed = await getJson(`${w.url}/api/operator/flag-decisions?address=${address}`, operator);
    expect(listed.body).to.deep.equal({ address, decisions: [recorded.body] });
    expect((await getJson(`${w.url}/api/operator/flag-decisions?address=${address}`, platform)).status).to.equal(401);

    const closed = await decide({ address, flag: "HONEYPOT_PATTERN", decision: "review_closed" });
    expect(closed.body).to.include({ decision: "review_closed", note: null });
    expect(await marks()).to.deep.equal({ batch: [], arc: [] });
  });

  it("refuses a bad decision by field, 400 invalid_request, nothing recorded", async () => {
    const address = w.manifest.healthyToken;
    for (const [body, field] of [
      [[], "body"],
      [{ address: "0x12", flag: "HONEYPOT_PATTERN", decision: "under_review" }, "address"],
      [{ address, flag: "NOT_A_FLAG", decision: "under_review" }, "flag"],
      [{ address, decision: "under_review" }, "flag"],
      [{ address, flag: "HONEYPOT_PATTERN", decision: "overturned" }, "decision"],
      [{ address, flag: "HONEYPOT_PATTERN", decision: "under_review", note: "x".repeat(201) }, "note"],
      [{ address, flag: "HONEYPOT_PATTERN", decision: "under_review", note: "a\nb" }, "note"],
    ] as const) {
      const res = await decide(body);
      expect([res.status, res.body], field).to.deep.equal([400, { error: "invalid_request", field }]);
    }
    const listed = await getJson(`${w.url}/api/operator/flag-decisions?address=${address}`, operator);
    expect(listed.body).to.deep.equal({ address, decisions: [] });
  });
});
