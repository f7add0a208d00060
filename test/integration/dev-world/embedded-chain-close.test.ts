import { expect } from "chai";
import http from "node:http";
import { startEmbeddedChain } from "../../../src/dev-world/embedded-chain";

/** eth_blockNumber over one keep-alive agent, back to back, until told to stop: a client polling the chain. */
async function poll(url: string, agent: http.Agent, running: { on: boolean; answered: number }): Promise<void> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
  while (running.on) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.request(
        url,
        { method: "POST", agent, headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(true));
        },
      );
      req.on("error", () => resolve(false));
      req.end(body);
    });
    if (!ok) return;
    running.answered += 1;
  }
}

describe("embedded chain close", function () {
  this.timeout(60_000);

  it("closes while a client keeps polling it over a keep-alive connection", async () => {
    const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const running = { on: true, answered: 0 };
    const polling = poll(chain.rpcUrl, agent, running);
    while (running.answered < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    // http.Server's close alone waits for the polling connection to end, which it never does.
    await chain.close();
    running.on = false;
    await polling;
    agent.destroy();
    expect(running.answered).to.be.at.least(3);
  });
});
