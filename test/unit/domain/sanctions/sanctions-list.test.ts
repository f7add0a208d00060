import { expect } from "chai";
import { readFileSync } from "node:fs";
import {
  parseNightlyList,
  parseSnapshot,
  snapshotFromList,
  type SanctionsListSnapshot,
} from "../../../../src/domain/sanctions/sanctions-list";

const A = "0x8589427373D6D84E98730D7795D8f6f8731FDA16";
const B = "0xd90e2f925DA726b50C4Ed8D0Fb90Ad053324F31b";

describe("sanctions lists (issue 33 item 4)", () => {
  it("reads the nightly lists' text format: one address a line, lowercase, sorted, deduplicated", () => {
    expect(parseNightlyList(`${B}\n\n# comment\n${A}\r\n${A.toLowerCase()}\n`)).to.deep.equal({
      ok: true,
      addresses: [A.toLowerCase(), B.toLowerCase()],
    });
  });

  it("reads the JSON array format of the same lists", () => {
    expect(parseNightlyList(JSON.stringify([A, B]))).to.deep.equal({
      ok: true,
      addresses: [A.toLowerCase(), B.toLowerCase()],
    });
  });

  it("refuses the whole list for one bad entry, an empty list, or broken JSON (a half-read list screens less)", () => {
    expect(parseNightlyList(`${A}\nbc1qnotanevmaddress\n`)).to.deep.equal({
      ok: false,
      reason: "entry 2 is not an EVM address",
    });
    expect(parseNightlyList("\n# nothing\n")).to.deep.equal({ ok: false, reason: "no addresses" });
    expect(parseNightlyList(`["${A}",`)).to.deep.equal({ ok: false, reason: "not valid JSON" });
    expect(parseNightlyList(JSON.stringify([A, 12]))).to.deep.equal({
      ok: false,
      reason: "entry 2 is not an EVM address",
    });
  });

  it("the shipped snapshot names its source and date and holds the 150 ETH addresses of 2024-05-02", () => {
    const text = readFileSync(new URL("../../../../data/sanctions/ofac-sdn-eth.json", import.meta.url), "utf8");
    const snapshot = parseSnapshot(text) as SanctionsListSnapshot;
    expect(snapshot.listDate).to.equal("2024-05-02");
    expect(snapshot.source).to.contain("0xB10C/ofac-sanctioned-digital-currency-addresses");
    expect(snapshot.addresses).to.have.lengthOf(150);
    expect(snapshot.addresses).to.include(B.toLowerCase());
  });

  it("a snapshot built from a list carries the given name, source and date; a bad date is refused", () => {
    const meta = { list: "OFAC", source: "file:x.txt", listDate: "2026-11-26" };
    expect(snapshotFromList(A, meta)).to.deep.equal({ ...meta, addresses: [A.toLowerCase()] });
    expect(snapshotFromList(A, { ...meta, listDate: "26/11/2026" })).to.deep.equal({
      invalid: "list date 26/11/2026 is not YYYY-MM-DD",
    });
    expect(parseSnapshot(JSON.stringify({ ...meta, addresses: [A], listDate: "yesterday" }))).to.deep.equal({
      invalid: "listDate must be YYYY-MM-DD",
    });
  });
});
