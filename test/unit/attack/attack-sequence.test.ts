import { expect } from "chai";
import { attackSequence } from "../../../scripts/attack/fuzz-phase";
import type { RouteTarget } from "../../../scripts/attack/route-targets";

const targets: RouteTarget[] = [
  { template: "/api/oracle/{address}", method: "GET", pathParams: ["address"], queryNames: [], hasBody: false },
  { template: "/api/batch", method: "POST", pathParams: [], queryNames: [], hasBody: true },
  {
    template: "/api/snapshots/{address}",
    method: "GET",
    pathParams: ["address"],
    queryNames: ["limit", "id"],
    hasBody: false,
  },
];
const addresses = ["0x" + "ab".repeat(20), "0x" + "cd".repeat(20)];
const bodies = { "POST /api/batch": { addresses } };

describe("attack suite request sequence", () => {
  it("is the same for the same seed (a failing run can be replayed) and differs for another seed", () => {
    const wire = (seed: number) =>
      attackSequence(targets, addresses, bodies, seed, 200).map((r) => [
        r.method,
        r.path,
        r.headers,
        r.body?.toString("base64"),
      ]);
    expect(wire(42)).to.deep.equal(wire(42));
    expect(wire(42)).to.not.deep.equal(wire(43));
  });

  it("reaches every documented operation, with paths the server can be sent", () => {
    const sequence = attackSequence(targets, addresses, bodies, 7, 600);
    for (const target of targets)
      expect(
        sequence.some((r) => r.target === `${target.method} ${target.template}`),
        target.template,
      ).to.equal(true);
    // node:http refuses unescaped characters: every generated path must be sendable as is.
    for (const request of sequence) expect(request.path, request.path).to.match(/^[\x21-\x7e]+$/);
  });

  it("includes the hostile shapes the suite promises", () => {
    const generated = attackSequence(targets, addresses, bodies, 11, 2_000).flatMap((r) =>
      r.body === undefined ? [] : [r.body.toString("utf8")],
    );
    expect(generated.some((b) => b.includes('"__proto__"'))).to.equal(true);
    expect(generated.some((b) => b.startsWith("[".repeat(100)) || b.includes("[".repeat(100)))).to.equal(true);
    expect(generated.some((b) => b.includes("\\ud800") || b.includes("\\udc00") || b.includes("\\udfff"))).to.equal(
      true,
    );
  });
});
