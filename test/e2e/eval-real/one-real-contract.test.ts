import { expect } from "chai";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseEther } from "ethers";
import { Chain, evalWallet } from "../../../scripts/eval/real/chain";
import { compile } from "../../../scripts/eval/real/compilers";
import { corpusDir, loadCorpus, sourcesOf } from "../../../scripts/eval/real/corpus";
import { categoriesOf } from "../../../scripts/eval/real/flag-categories";
import { buy, deployAndLaunch } from "../../../scripts/eval/real/launch";
import { ask, startService, type Service } from "../../../scripts/eval/real/service";

/** pepega: a CRPWarner positive (hidden mint + limiting sell) that hard-codes Uniswap V2's Router02. */
const PEPEGA = "crpwarner-0x25d8f027Fd25eecBcd812521fb2F75f175807A91";

describe("eval:real, one corpus contract end to end", function () {
  this.timeout(180_000);
  let service: Service | undefined;
  after(async () => service?.app.stop());

  it("compiles pepega with its own solc, deploys it unchanged against the canonical Router02, and the service flags its fee setter", async function () {
    if (!existsSync(path.join(corpusDir(), "manifest.json"))) this.skip();
    const entry = loadCorpus().find((e) => e.id === PEPEGA)!;
    const { sources, main } = sourcesOf(entry);
    const compiled = compile(entry.compiler.solc, sources, main, entry.contractName);
    if (!compiled.ok) throw new Error(compiled.error);
    service = await startService();
    const chain = new Chain(service.rpcUrl, service.chainId);
    const weth = service.manifest.contracts.weth;
    const uniswap = service.manifest.canonicalDexes.find((d) => d.name === "Uniswap V2")!;
    const head = await chain.rpc<{ number: string; timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    const launched = await deployAndLaunch(
      chain,
      entry,
      compiled.contract,
      Object.values(sources)[0]!.content,
      { weth, routers: new Map([[uniswap.router, uniswap.router]]), defaultRouter: uniswap.router },
      { someToken: weth, chainId: service.chainId, now: Number(head.timestamp), blockNumber: Number(head.number) },
      true,
    );
    if ("error" in launched) throw new Error(launched.error);
    expect(launched.router).to.equal(uniswap.router);
    expect(launched.trading).to.equal(true);
    await chain.increaseTime(3_600);
    expect(await buy(chain, launched, await funded(chain, "e2e-buyer-1"), parseEther("0.1"), weth)).to.equal(true);
    expect(await buy(chain, launched, await funded(chain, "e2e-buyer-2"), parseEther("0.2"), weth)).to.equal(true);
    await chain.increaseTime(3_600);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const verdict = await ask(service.url, launched.address);
    expect(verdict.status).to.equal(200);
    expect(verdict.flags.map((f) => f.code)).to.include("OWNER_CAN_SET_FEES");
    expect(categoriesOf(verdict.flags).limitingSell).to.include("OWNER_CAN_SET_FEES");
  });
});

async function funded(chain: Chain, label: string) {
  const wallet = evalWallet(label);
  await chain.fund(wallet.address, parseEther("5"));
  return wallet;
}
