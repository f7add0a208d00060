import { expect } from "chai";
import { Interface } from "ethers";
import * as TE from "fp-ts/TaskEither";
import { EthCallNftCapabilityProber } from "../../../../src/adapters/chain/eth-call-nft-capability-prober.adapter";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { NFT_PROBE_ABI } from "../../../../src/adapters/chain/nft-probe-calls";
import type { ChainReader } from "../../../../src/application/ports/chain-reader.port";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import { asHex } from "../../../../src/adapters/shared/hex-values";
import { startEmbeddedChain, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { right } from "../../contract/support/task-either";
import { deployTestContract, devSigner, sendAndWait, type Deployed } from "./support/deploy-test-contract";

const COLLECTION = new Interface(["function mint(uint256)", "function reserve()", "function giftMint(address[])"]);
const MINT = COLLECTION.getFunction("mint")!.selector;
const RESERVE = COLLECTION.getFunction("reserve")!.selector;
const GIFT_MINT = COLLECTION.getFunction("giftMint")!.selector;

/** The chain reader, recording each simulated attempt's selector and gas budget (read from the probe's calldata). */
function recordingAttempts(reader: ChainReader): { chain: ChainReader; tried: { selector: string; gas: bigint }[] } {
  const tried: { selector: string; gas: bigint }[] = [];
  const chain: ChainReader = Object.create(reader) as ChainReader;
  chain.call = (request, overrides) => {
    if (request.data.startsWith(NFT_PROBE_ABI.getFunction("tryAll")!.selector)) {
      const [, calls, , gas] = NFT_PROBE_ABI.decodeFunctionData("tryAll", request.data) as unknown as [
        string,
        string[],
        string[],
        bigint,
      ];
      for (const call of calls) tried.push({ selector: call.slice(0, 10), gas });
    }
    return reader.call(request, overrides);
  };
  return { chain, tried };
}

describe("EthCallNftCapabilityProber against the embedded chain: gas for each attempt", function () {
  this.timeout(120_000);
  let chain: EmbeddedChain;
  let reader: EthersChainReader;
  let owner: Address;
  let collector: Address;
  let collection: Deployed;

  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    reader = new EthersChainReader({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, timeoutMs: 10_000 });
    const signer = await devSigner(chain, 0);
    owner = asAddress(await signer.getAddress());
    collection = await deployTestContract(signer, "BatchReserveNft");
    const collectorSigner = await devSigner(chain, 1);
    collector = asAddress(await collectorSigner.getAddress());
    await sendAndWait(collection.contract.connect(collectorSigner) as typeof collection.contract, "mint", [2n]);
  });

  after(async () => {
    reader.close();
    await chain.close();
  });

  async function probe(reader: ChainReader) {
    const head = await right(reader.headBlock());
    return right(
      new EthCallNftCapabilityProber(reader).probe({
        contract: collection.address,
        standard: "erc721",
        bytecode: await right(reader.codeAt(collection.address)),
        deployer: owner,
        holdings: [{ tokenId: 1n, holder: collector }],
        creationBlock: 1,
        blockNumber: head.number,
      }),
    );
  }

  it("retries with a larger budget a function that ran out of gas and changed nothing: the owner's batch of 25", async () => {
    const { chain: recording, tried } = recordingAttempts(reader);
    const evidence = await probe(recording);
    const reserve = evidence.attempts.find((a) => a.selector === RESERVE && a.caller.role === "owner" && a.callOk);
    expect(reserve, "reserve() as the owner").to.not.equal(undefined);
    expect(reserve!.after.totalSupply! - reserve!.before.totalSupply!).to.equal(25n);
    expect(reserve!.stranger?.callOk).to.equal(false);
    const budgets = new Set(tried.filter((t) => t.selector === RESERVE).map((t) => t.gas));
    expect(budgets).to.deep.equal(new Set([400_000n, 1_500_000n]));
  });

  it("calls an owner's mint that takes an array of recipients with a one-address array", async () => {
    const evidence = await probe(reader);
    const gift = evidence.attempts.find((a) => a.selector === GIFT_MINT && a.caller.role === "owner" && a.callOk);
    expect(gift?.layout).to.equal("([recipient])");
    expect(gift!.after.totalSupply! - gift!.before.totalSupply!).to.equal(1n);
    expect(gift!.stranger?.callOk).to.equal(false);
  });

  it("does not retry the layouts of a function another layout already showed (mint given an address as a count)", async () => {
    const { chain: recording, tried } = recordingAttempts(reader);
    const evidence = await probe(recording);
    const minted = evidence.attempts.find((a) => a.selector === MINT && a.callOk && a.layout === "(1)");
    expect(minted?.after.totalSupply).to.equal((minted?.before.totalSupply ?? 0n) + 1n);
    const mintAttempts = tried.filter((t) => t.selector === MINT);
    expect(mintAttempts.length).to.be.greaterThan(0);
    expect(mintAttempts.every((t) => t.gas === 400_000n)).to.equal(true);
  });

  it("keeps the attempts of a run whose second pass the node refused out of the evidence, and says so", async () => {
    const refusing: ChainReader = Object.create(reader) as ChainReader;
    refusing.call = (request, overrides) => {
      const gas = request.data.startsWith(NFT_PROBE_ABI.getFunction("tryAll")!.selector)
        ? (NFT_PROBE_ABI.decodeFunctionData("tryAll", request.data)[3] as bigint)
        : 0n;
      return gas === 1_500_000n
        ? TE.right({ ok: false, revertData: asHex("0x"), reason: "gas cap" })
        : reader.call(request, overrides);
    };
    const evidence = await probe(refusing);
    expect(evidence.gaps.join(" ")).to.include("could not run");
    expect(evidence.attempts.some((a) => a.selector === RESERVE && a.callOk)).to.equal(false);
  });
});
