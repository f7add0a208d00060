import { expect } from "chai";
import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../../src/adapters/http/middleware/bearer-key-auth";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const KEY = "feedback-operator-key";

describe("POST /api/feedback and the operator's queue (issue 17)", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({
      env: { OPERATOR_API_KEYS: sha256Hex(KEY), FEEDBACK_RATE_LIMIT_PER_MINUTE: "5", TRUSTED_PROXIES: "127.0.0.1" },
    });
  });
  after(() => server.close());
  const post = (body: unknown, ip = "203.0.113.7") =>
    fetch(`${server.url}/api/feedback`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
    });
  const auth = { Authorization: `Bearer ${KEY}` };

  it("refuses a bad field by name, stores a good report and lists it for the operator credential only", async () => {
    const address = `0x${randomBytes(20).toString("hex")}`;
    for (const [body, field] of [
      [{ address: "0x12", verdict: "false_positive" }, "address"],
      [{ address, verdict: "maybe" }, "verdict"],
      [{ address, verdict: "false_positive", flag: "NOT_A_FLAG" }, "flag"],
      [{ address, verdict: "false_positive", note: "x".repeat(1_001) }, "note"],
    ] as const) {
      const res = await post(body, "203.0.113.1");
      expect(res.status, field).to.equal(400);
      expect(await res.json()).to.deep.equal({ error: "invalid_request", field });
    }
    const created = await post({
      address,
      flag: "FRESH_WALLET",
      verdict: "false_positive",
      note: "it is my cold wallet",
    });
    expect(created.status).to.equal(201);
    const receipt = (await created.json()) as { id: string };
    expect(receipt).to.have.keys(["id", "status", "receivedAt"]);

    expect((await fetch(`${server.url}/api/feedback`)).status).to.equal(401);
    const queue = (await (await fetch(`${server.url}/api/feedback?limit=5`, { headers: auth })).json()) as {
      items: { id: string; note: string }[];
    };
    expect(queue.items[0]).to.include({ id: receipt.id, note: "it is my cold wallet" });
  });

  it("is rate-limited per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await post({ address: `0x${"cd".repeat(20)}`, verdict: "false_negative" }, "198.51.100.9")).status,
      );
    expect(statuses.slice(0, 5)).to.deep.equal([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).to.deep.equal([429, 429]);
  });
});
