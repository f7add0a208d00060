import { expect } from "chai";
import type { AttackRequest } from "../../../scripts/attack/attack-request";
import { violationOf } from "../../../scripts/attack/response-invariants";

const get: AttackRequest = { method: "GET", path: "/api/stats", headers: {}, target: "GET /api/stats" };
const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify(body),
});

describe("attack suite invariants (what counts as a broken answer)", () => {
  it("accepts a documented JSON error and a JSON success", () => {
    expect(violationOf(get, json(400, { error: "invalid_address" }))).to.equal(null);
    expect(violationOf(get, json(429, { error: "rate_limited", retryAfterSeconds: 3 }))).to.equal(null);
    expect(violationOf(get, json(200, { ok: true }))).to.equal(null);
  });

  it("refuses any 5xx, even a documented JSON one", () => {
    expect(violationOf(get, json(502, { error: "scoring_unavailable" }))).to.equal("status 502");
    expect(violationOf(get, { status: 500, contentType: "text/plain", body: "Internal Server Error" })).to.equal(
      "status 500",
    );
  });

  it("refuses errors that are not JSON, not an object with a known code, or that echo input", () => {
    expect(
      violationOf(get, { status: 405, contentType: "text/plain; charset=utf-8", body: "Method Not Allowed" }),
    ).to.match(/Content-Type/);
    expect(violationOf(get, json(400, { error: "made_up_code" }))).to.match(/undocumented code "made_up_code"/);
    expect(violationOf(get, json(400, ["invalid_json"]))).to.match(/undocumented code/);
    expect(violationOf(get, json(400, { error: "invalid_addresses", invalid: ["a".repeat(5_000)] }))).to.match(
      /echoes input/,
    );
  });

  it("refuses a non-JSON success on an API path, allows the HTML /docs page", () => {
    expect(violationOf(get, { status: 200, contentType: "text/html", body: "<p>" })).to.match(/success 200/);
    expect(violationOf({ ...get, path: "/docs" }, { status: 200, contentType: "text/html", body: "<p>" })).to.equal(
      null,
    );
  });

  it("allows the explorer's designed HTML error pages, refuses one without a state or with injected script", () => {
    const page = (body: string) => ({ status: 400, contentType: "text/html; charset=utf-8", body });
    const address = { ...get, path: "/address/%3Cscript%3E" };
    const own = '<script src="/explorer/explorer.js" defer></script>';
    expect(violationOf(address, page(`${own}<section data-state="invalid_address">&lt;script&gt;</section>`))).to.equal(
      null,
    );
    expect(violationOf(address, page(`${own}<p>oops</p>`))).to.match(/without a designed state/);
    expect(violationOf(address, page(`${own}<p data-state="x"><script>alert(1)</script></p>`))).to.match(
      /1 injected <script>/,
    );
    expect(
      violationOf(address, { status: 429, contentType: "application/json", body: '{"error":"rate_limited"}' }),
    ).to.equal(null);
    expect(violationOf({ ...get, path: "/" }, { status: 200, contentType: "text/html", body: "<p>" })).to.equal(null);
  });

  it("a dropped connection fails unless the body was over the server's cap", () => {
    expect(violationOf(get, { status: null, contentType: "", body: "", transportError: "socket hang up" })).to.match(
      /no HTTP answer/,
    );
    const huge = { ...get, method: "POST", body: Buffer.alloc(100 * 1024) };
    expect(violationOf(huge, { status: null, contentType: "", body: "", transportError: "EPIPE" })).to.equal(null);
  });
});
