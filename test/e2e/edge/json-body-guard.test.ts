import { expect } from "chai";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const post = async (server: RunningServer, path: string, body: string) => {
  const res = await fetch(server.url + path, { method: "POST", body, headers: { "Content-Type": "application/json" } });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
};

describe("HTTP edge: the JSON body guard", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({});
  });
  after(() => server.close());

  it("a 30,000-deep addresses array is 400 invalid_json too_deep, in JSON, echoing nothing", async () => {
    const deep = `{"addresses":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
    const res = await post(server, "/api/batch", deep);
    expect(res.status).to.equal(400);
    expect(res.type).to.match(/application\/json/);
    expect(JSON.parse(res.text)).to.deep.equal({ error: "invalid_json", reason: "too_deep" });
  });

  it("33 levels are refused, 32 pass the guard; brackets inside strings do not count", async () => {
    const nest = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    expect(JSON.parse((await post(server, "/api/batch", nest(33))).text)).to.deep.equal({
      error: "invalid_json",
      reason: "too_deep",
    });
    expect(JSON.parse((await post(server, "/api/batch", nest(32))).text)).not.to.have.property("reason");
    const quoted = JSON.stringify({ addresses: ["[".repeat(100) + '\\"{'] });
    expect(JSON.parse((await post(server, "/api/batch", quoted)).text)).not.to.have.property("reason");
  });

  it("more than 10,000 values is too_many_nodes", async () => {
    const wide = JSON.stringify({ addresses: new Array(10_001).fill(0) });
    expect(JSON.parse((await post(server, "/api/batch", wide)).text)).to.deep.equal({
      error: "invalid_json",
      reason: "too_many_nodes",
    });
  });

  it("lone surrogates and control characters in keys or values are refused; tab, LF, CR pass", async () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['{"context":"\\ud800"}', "ill_formed_string"],
      ['{"\\udc00":1}', "ill_formed_string"],
      ['{"context":"a\\u0000b"}', "control_character"],
      ['{"x":[{"y":"\\u001b[31m"}]}', "control_character"],
    ];
    for (const [body, reason] of cases) {
      const res = await post(server, "/api/protocol-guard/check", body);
      expect([res.status, JSON.parse(res.text)]).to.deep.equal([400, { error: "invalid_json", reason }]);
    }
    const fine = await post(server, "/api/protocol-guard/check", '{"wallet":"0x12","context":"a\\tb\\nc\\r"}');
    expect(JSON.parse(fine.text)).to.deep.equal({ error: "invalid_wallet" });
  });
});
