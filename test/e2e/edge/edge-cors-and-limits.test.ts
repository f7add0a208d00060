import { expect } from "chai";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const ADDRESS = "0x" + "a".repeat(40);

function preflight(url: string) {
  return fetch(url, {
    method: "OPTIONS",
    headers: { Origin: "https://example.org", "Access-Control-Request-Method": "POST" },
  });
}

describe("HTTP edge: CORS", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const path of [
    "/api/batch",
    `/api/widget/score/${ADDRESS}`,
    `/api/oracle/${ADDRESS}`,
    `/api/oracle/token/${ADDRESS}`,
  ]) {
    it(`a preflight to ${path.split("0x")[0]} is open to any origin`, async () => {
      const res = await preflight(server.url + path);
      expect(res.status).to.equal(204);
      expect(res.headers.get("access-control-allow-origin")).to.equal("*");
      expect(res.headers.get("access-control-allow-headers")).to.contain("X-Payment");
    });
  }

  it("open paths expose the payment and Retry-After headers to browsers", async () => {
    const res = await fetch(`${server.url}/api/widget/score/${ADDRESS}`, {
      headers: { Origin: "https://example.org" },
    });
    expect(res.headers.get("access-control-allow-origin")).to.equal("*");
    expect(res.headers.get("access-control-expose-headers")).to.contain("Retry-After");
    expect(res.headers.get("access-control-expose-headers")).to.contain("Payment-Required");
  });

  const backendOnly = [
    "/api/gating/check",
    "/api/gating/attest",
    "/api/gating/verify",
    "/api/protocol-guard/check",
    "/api/protocol-guard/subscribe",
    "/api/protocol-guard/subscriptions",
  ];
  for (const path of backendOnly) {
    it(`${path} sends no CORS header, preflight included`, async () => {
      const pre = await preflight(server.url + path);
      expect(pre.headers.get("access-control-allow-origin")).to.equal(null);
      const res = await fetch(server.url + path, {
        method: "POST",
        body: "{}",
        headers: { Origin: "https://example.org" },
      });
      expect([...res.headers.keys()].filter((h) => h.startsWith("access-control-"))).to.deep.equal([]);
    });
  }
});

describe("HTTP edge: rate limits", () => {
  let server: RunningServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it("the 9th widget call in a minute is 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await fetch(`${server.url}/api/widget/score/0x12`)).status);
    expect(statuses).to.deep.equal(Array(8).fill(400));
    const ninth = await fetch(`${server.url}/api/widget/score/0x12`);
    expect(ninth.status).to.equal(429);
    expect(await ninth.json()).to.include({ error: "rate_limited" });
    const retryAfter = Number(ninth.headers.get("retry-after"));
    expect(retryAfter).to.be.within(1, 60);
  });

  it("a different X-Forwarded-For on each call buys no fresh budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${server.url}/api/widget/score/0x12`, {
        headers: { "X-Forwarded-For": `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 8)).to.deep.equal(Array(8).fill(400));
    expect(statuses[8]).to.equal(429);
  });

  it("batch has its own budget of 30 a minute", async () => {
    for (let i = 0; i < 30; i++) {
      expect((await fetch(`${server.url}/api/batch`, { method: "POST", body: "{}" })).status).to.equal(400);
    }
    const res = await fetch(`${server.url}/api/batch`, { method: "POST", body: "{}" });
    expect(res.status).to.equal(429);
    expect(res.headers.get("retry-after")).to.match(/^\d+$/);
    // The widget budget is untouched by batch calls.
    expect((await fetch(`${server.url}/api/widget/score/0x12`)).status).to.equal(400);
  });
});
