import Router from "@koa/router";
import { expect } from "chai";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const ECHO = "<script>input-echo</script>";

describe("HTTP edge: errors thrown by Koa or a library", () => {
  let server: RunningServer;
  before(async () => {
    const router = new Router();
    router.get("/test/throw/:status", (ctx) => {
      ctx.throw(Number(ctx.params.status), `bad input ${ECHO}`);
    });
    router.get("/test/crash", () => {
      throw new Error(`bug ${ECHO}`);
    });
    server = await startTestServer({ routers: [router] });
  });
  after(() => server.close());

  const get = async (path: string) => {
    const res = await fetch(server.url + path);
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
  };

  it("a thrown 4xx is a JSON input error that echoes nothing", async () => {
    for (const [status, code] of [
      [400, "invalid_request"],
      [422, "invalid_request"],
      [413, "payload_too_large"],
    ] as const) {
      const res = await get(`/test/throw/${status}`);
      expect(res.type).to.match(/application\/json/);
      expect(res.text).not.to.contain("input-echo");
      expect([res.status, (JSON.parse(res.text) as { error: string }).error]).to.deep.equal([
        status === 422 ? 400 : status,
        code,
      ]);
    }
  });

  it("anything else is still 500 internal_error", async () => {
    const res = await get("/test/crash");
    expect(res.status).to.equal(500);
    expect(res.text).not.to.contain("input-echo");
    expect(JSON.parse(res.text)).to.include({ error: "internal_error" });
  });

  it("bad percent-encoding in a path is a JSON 400", async () => {
    const full = await startTestServer({});
    try {
      await expectJson400(full);
    } finally {
      await full.close();
    }
  });
});

async function expectJson400(full: RunningServer): Promise<void> {
  for (const path of ["/api/oracle/%E0%A4%A", "/api/oracle/%ZZ", "/api/oracle/%ff?x=%ZZ"]) {
    const res = await fetch(full.url + path);
    expect(res.status, path).to.equal(400);
    expect(res.headers.get("content-type") ?? "").to.match(/application\/json/);
    expect(await res.json())
      .to.have.property("error")
      .that.is.a("string");
  }
}
