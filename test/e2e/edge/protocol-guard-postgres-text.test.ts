import { expect } from "chai";
import { PostgresSubscriptionStore } from "../../../src/adapters/storage/postgres-subscription-store.adapter";
import { protocolGuardRoutes } from "../../../src/adapters/http/routes/protocol-guard.routes";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { countingTokens, fakeScorer, fixedClock, guardRouteDeps } from "../../support/fakes/guard-fakes";

describe("HTTP: Protocol Guard on PostgreSQL refuses NUL and lone surrogates as input, not as a storage failure", () => {
  let db: MigratedSchema;
  let server: RunningServer;
  before(async () => {
    db = await migratedSchema("guard_text", 4);
    const store = new PostgresSubscriptionStore({ pool: db.pool });
    const [random, clock] = [countingTokens(), fixedClock()];
    server = await startTestServer({
      routers: [protocolGuardRoutes(guardRouteDeps(store, fakeScorer({}), random, clock))],
    });
  });
  after(async () => {
    await server.close();
    await db.drop();
  });

  const send = async (method: string, body: string) => {
    const res = await fetch(server.url + "/api/protocol-guard/" + (method === "POST" ? "subscribe" : "subscriptions"), {
      method,
      body,
    });
    return { status: res.status, body: (await res.json()) as { error?: string; id?: string; manageToken?: string } };
  };

  it("subscribe and update with \\u0000 or \\ud800 in channels or the name are 400, and nothing is stored", async () => {
    const created = await send("POST", JSON.stringify({ protocolName: "Lend", channels: {}, rules: [] }));
    expect(created.status).to.equal(201);
    for (const escaped of ["\\u0000", "\\ud800"]) {
      const bodies = [
        `{"protocolName":"Lend","channels":{"webhookUrl":"https://hooks.example.org/${escaped}"},"rules":[]}`,
        `{"protocolName":"Lend","channels":{"email":"ops${escaped}@example.org"},"rules":[]}`,
        `{"protocolName":"Le${escaped}nd","channels":{},"rules":[]}`,
      ];
      for (const body of bodies) {
        const res = await send("POST", body);
        expect(res.status, body).to.equal(400);
        expect(res.body.error).to.be.oneOf(["invalid_json", "invalid_request"]);
      }
      const patch = `{"id":"${created.body.id}","token":"${created.body.manageToken}","channels":{"email":"${escaped}@example.org"}}`;
      const patched = await send("PATCH", patch);
      expect(patched.status).to.equal(400);
    }
    const rows = await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM protocol_guard_subscriptions`);
    expect(rows.rows[0]?.n).to.equal("1");
  });
});
