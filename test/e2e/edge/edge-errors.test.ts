import { expect } from "chai";
import Router from "@koa/router";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const POST_PATHS = [
  "/api/batch",
  "/api/gating/attest",
  "/api/gating/verify",
  "/api/gating/check",
  "/api/protocol-guard/check",
  "/api/protocol-guard/subscribe",
  "/api/graph-trust",
];

const ADDRESS_PATHS = [
  "/api/widget/score/",
  "/api/oracle/",
  "/api/oracle/token/",
  "/api/token-shield/nft/",
  "/api/staking/analyze/",
  "/api/snapshots/",
];

describe("HTTP edge: input errors", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ env: { WIDGET_RATE_LIMIT_PER_MINUTE: "1000" } });
  });
  after(() => server.close());

  for (const path of POST_PATHS) {
    it(`POST ${path} with malformed JSON is 400 invalid_json`, async () => {
      const res = await fetch(server.url + path, {
        method: "POST",
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).to.equal(400);
      expect(await res.json()).to.deep.equal({ error: "invalid_json" });
    });
  }

  it("PATCH /api/protocol-guard/subscriptions with malformed JSON is 400 invalid_json", async () => {
    const res = await fetch(server.url + "/api/protocol-guard/subscriptions", { method: "PATCH", body: "[" });
    expect(res.status).to.equal(400);
    expect(await res.json()).to.deep.equal({ error: "invalid_json" });
  });

  for (const path of ADDRESS_PATHS) {
    it(`GET ${path}{bad address} is 400 invalid_address`, async () => {
      const res = await fetch(server.url + path + "0x1234");
      expect(res.status).to.equal(400);
      expect(await res.json()).to.deep.equal({ error: "invalid_address" });
      expect(res.headers.get("cache-control")).to.equal("no-store");
    });
  }

  it("a body over 64 KiB is 413 payload_too_large", async () => {
    const addresses = Array.from({ length: 2000 }, () => "0x" + "ab".repeat(20));
    const res = await fetch(server.url + "/api/batch", { method: "POST", body: JSON.stringify({ addresses }) });
    expect(res.status).to.equal(413);
    expect(((await res.json()) as { error: string }).error).to.equal("payload_too_large");
  });

  it("batch input errors carry SPEC.md's codes", async () => {
    const post = async (body: unknown) => {
      const res = await fetch(server.url + "/api/batch", { method: "POST", body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    expect(await post({})).to.deep.equal({ status: 400, body: { error: "addresses_required" } });
    expect(await post({ addresses: [] })).to.deep.equal({ status: 400, body: { error: "addresses_required" } });
    const many = Array.from({ length: 41 }, (_, i) => "0x" + i.toString(16).padStart(40, "0"));
    expect(await post({ addresses: many })).to.deep.equal({
      status: 400,
      body: { error: "too_many_addresses", max: 40 },
    });
    expect(await post({ addresses: ["0x" + "1".repeat(40), "nope"] })).to.deep.equal({
      status: 400,
      body: { error: "invalid_addresses", invalid: ["nope"] },
    });
  });

  it("an invalid_addresses body echoes short excerpts only, never a large input", async () => {
    const huge = "x".repeat(20_000);
    const res = await fetch(server.url + "/api/batch", {
      method: "POST",
      body: JSON.stringify({ addresses: [huge, { a: huge }, [huge], 7] }),
    });
    const text = await res.text();
    expect(res.status).to.equal(400);
    expect(text.length).to.be.below(400);
    expect(JSON.parse(text)).to.deep.equal({
      error: "invalid_addresses",
      invalid: ["x".repeat(64) + "…", "<object>", "<array>", 7],
    });
  });

  it("gating bodies are checked before anything else", async () => {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(server.url + path, { method: "POST", body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    expect(await post("/api/gating/attest", { subject: "x" })).to.deep.equal({
      status: 400,
      body: { error: "invalid_subject" },
    });
    expect(await post("/api/gating/verify", {})).to.deep.equal({
      status: 400,
      body: { error: "attestation_required" },
    });
    expect(await post("/api/gating/check", { wallet: "0x1" })).to.deep.equal({
      status: 400,
      body: { error: "invalid_wallet" },
    });
    expect(await post("/api/gating/check", { wallet: "0x" + "1".repeat(40), ladder: { bands: [] } })).to.deep.equal({
      status: 400,
      body: { error: "ladder_required" },
    });
  });

  it("an unknown path is a JSON 404", async () => {
    const res = await fetch(server.url + "/api/nope");
    expect(res.status).to.equal(404);
    expect(await res.json()).to.deep.equal({ error: "route_not_found" });
  });

  it("echoes a plain X-Request-Id and replaces an unsafe one", async () => {
    const echoed = await fetch(server.url + "/healthz", { headers: { "X-Request-Id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).to.equal("abc-123");
    const replaced = await fetch(server.url + "/healthz", { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).to.match(/^[0-9a-f-]{36}$/);
  });
});

describe("HTTP edge: unexpected exceptions", () => {
  let server: RunningServer;
  before(async () => {
    const router = new Router();
    router.get("/boom", () => {
      throw new Error("secret database password in message");
    });
    server = await startTestServer({ routers: [router] });
  });
  after(() => server.close());

  it("answers 500 internal_error with the request id and leaks nothing", async () => {
    const res = await fetch(server.url + "/boom", { headers: { "X-Request-Id": "req-42" } });
    expect(res.status).to.equal(500);
    const text = await res.text();
    expect(JSON.parse(text)).to.deep.equal({ error: "internal_error", requestId: "req-42" });
    expect(text).not.to.contain("secret");
  });
});
