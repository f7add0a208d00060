import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { RANDOM_SUI_ADDRESSES, randomSuiAddresses, runSuiWritePhase } from "../../../scripts/attack/sui-write-phase";
import { startSuiTestServer } from "../../support/sui/sui-harness";

/** A server that writes for any address, as score-wallet did before issue 28. */
async function writingForAnyone(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ written: true, reason: null, digest: "D1gest" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("attack suite: random Sui addresses never cause a registry write", () => {
  it("draws the same seeded addresses, full length and left-padded short forms", () => {
    const addresses = randomSuiAddresses(13);
    expect(addresses).to.deep.equal(randomSuiAddresses(13));
    expect(addresses).to.have.length(RANDOM_SUI_ADDRESSES);
    for (const a of addresses) expect(a).to.match(/^0x([0-9a-f]{2}){20,32}$/);
  });

  it("passes on the Sui app: every answer is written: false, reason no_history", async () => {
    const suiApp = await startSuiTestServer({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
    try {
      expect(await runSuiWritePhase(suiApp.server.url, 13)).to.deep.equal({
        sent: RANDOM_SUI_ADDRESSES,
        written: 0,
        failure: null,
      });
    } finally {
      await suiApp.server.close();
    }
  });

  it("fails on a server that writes for anyone", async () => {
    const stub = await writingForAnyone();
    try {
      const result = await runSuiWritePhase(stub.url, 13);
      expect(result.written).to.equal(RANDOM_SUI_ADDRESSES);
      expect(result.failure).to.match(/^0x[0-9a-f]+: answered \{"written":true/);
    } finally {
      stub.server.close();
    }
  });
});
