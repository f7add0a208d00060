import { expect } from "chai";
import Koa from "koa";
import { sendJson } from "../../../src/adapters/http/respond";

/** A Koa context over a response that only keeps headers: what sendJson writes on it. */
function written(body: unknown): { type: string; body: unknown; status: number } {
  const headers = new Map<string, unknown>();
  const res = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
    getHeaders: () => Object.fromEntries(headers),
  };
  const ctx = new Koa().createContext({ headers: {}, socket: {} } as never, res as never);
  sendJson(ctx, 201, body);
  return { type: ctx.response.get("Content-Type"), body: ctx.body, status: ctx.status };
}

describe("sendJson", () => {
  it("writes JSON with the JSON content type", () => {
    expect(written({ a: [1, "x", null] })).to.deep.equal({
      type: "application/json; charset=utf-8",
      body: '{"a":[1,"x",null]}',
      status: 201,
    });
  });

  it("writes bigint amounts as decimal strings, at any depth", () => {
    expect(written({ amount: 10n ** 30n, nested: [{ fee: 7n }] }).body).to.equal(
      '{"amount":"1000000000000000000000000000000","nested":[{"fee":"7"}]}',
    );
  });

  it("still refuses a body that is not JSON at all (a cycle)", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => written(cyclic)).to.throw(TypeError);
  });
});
