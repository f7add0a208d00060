import { expect } from "chai";
import { id as keccakText, Interface } from "ethers";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import type { Hex, TxHash } from "../../../../src/domain/chain/chain-types";
import { ARC_TESTNET_CHAIN_ID, startEmbeddedChain, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { left, right } from "../../contract/support/task-either";
import { deployTestContract, devSigner, sendAndWait, type Deployed } from "./support/deploy-test-contract";
import * as TE from "fp-ts/TaskEither";

const SUPPLY = 1_000_000n * 10n ** 18n;
const probeAbi = new Interface([
  "function answer() view returns (uint256)",
  "function fails()",
  "function failsBare()",
  "function panics(uint256) view returns (uint256)",
  "function callerBalance() view returns (uint256)",
  "function stored() view returns (uint256)",
]);
const data = (fn: string, args: unknown[] = []): Hex => probeAbi.encodeFunctionData(fn, args) as Hex;

describe("EthersChainReader against the embedded chain", function () {
  this.timeout(60_000);
  let chain: EmbeddedChain;
  let reader: EthersChainReader;
  let deployer: Address;
  let idle: Address;
  let token: Deployed, nft: Deployed, multi: Deployed, legacy: Deployed, probe: Deployed;

  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    reader = new EthersChainReader({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, timeoutMs: 5_000 });
    const signer = await devSigner(chain, 0);
    deployer = asAddress(await signer.getAddress());
    idle = asAddress(chain.accounts[9]!.address);
    token = await deployTestContract(signer, "SmallToken", [SUPPLY]);
    nft = await deployTestContract(signer, "SmallNft");
    multi = await deployTestContract(signer, "SmallMulti");
    legacy = await deployTestContract(signer, "LegacyToken");
    probe = await deployTestContract(signer, "Probe");
  });

  after(async () => {
    reader.close();
    await chain.close();
  });

  it("reads the chain id, head and blocks as plain numbers", async () => {
    expect(await right(reader.chainId())).to.equal(ARC_TESTNET_CHAIN_ID);
    const head = await right(reader.headBlock());
    expect(head.number).to.equal(5);
    expect(head.hash).to.match(/^0x[0-9a-f]{64}$/);
    const first = await right(reader.block(1));
    expect(first?.timestamp).to.be.a("number").and.at.most(head.timestamp);
    expect(await right(reader.block(9_999))).to.equal(null);
  });

  it("reads code, balances and nonces", async () => {
    expect(await right(reader.codeAt(idle))).to.equal("0x");
    const code = await right(reader.codeAt(token.address));
    expect(code).to.match(/^0x[0-9a-f]+$/);
    expect(await right(reader.nativeBalance(idle))).to.equal(10n ** 24n);
    expect(await right(reader.nonce(deployer))).to.equal(5);
    expect(await right(reader.nonce(idle))).to.equal(0);
  });

  it("returns receipts and logs in domain types, lowercase", async () => {
    const receipt = await right(reader.receipt(token.txHash as TxHash));
    expect(receipt).to.include({
      from: deployer,
      to: null,
      success: true,
      contractAddress: token.address,
      blockNumber: 1,
    });
    const transferTopic = keccakText("Transfer(address,address,uint256)") as Hex;
    expect(receipt?.logs.map((l) => l.topics[0])).to.deep.equal([transferTopic]);
    const logs = await right(
      reader.logs({ address: token.address, topics: [transferTopic], fromBlock: 0, toBlock: 5 }),
    );
    expect(logs).to.have.length(1);
    expect(logs[0]).to.include({
      address: token.address,
      blockNumber: 1,
      logIndex: 0,
      data: `0x${SUPPLY.toString(16).padStart(64, "0")}`,
    });
    expect(await right(reader.receipt(`0x${"ab".repeat(32)}` as TxHash))).to.equal(null);
  });

  it("answers eth_call and reports reverts as outcomes with decoded reasons", async () => {
    const answered = await right(reader.call({ to: probe.address, data: data("answer") }));
    expect(answered).to.deep.equal({ ok: true, returnData: `0x${(42).toString(16).padStart(64, "0")}` });
    expect(await right(reader.call({ to: probe.address, data: data("fails") }))).to.deep.include({
      ok: false,
      reason: "nope, not today",
    });
    expect(await right(reader.call({ to: probe.address, data: data("panics", [0]) }))).to.deep.include({
      ok: false,
      reason: "Panic(0x12)",
    });
    expect(await right(reader.call({ to: probe.address, data: data("failsBare") }))).to.deep.equal({
      ok: false,
      revertData: "0x",
      reason: null,
    });
  });

  it("applies state overrides: balance, storage and code", async () => {
    const caller = asAddress("0x00000000000000000000000000000000000c0ffe");
    const withBalance = await right(
      reader.call(
        { to: probe.address, from: caller, data: data("callerBalance") },
        { [caller]: { balance: 123_456n } },
      ),
    );
    expect(withBalance.ok && BigInt(withBalance.returnData)).to.equal(123_456n);
    const slotZero = `0x${"0".repeat(64)}`;
    const withStorage = await right(
      reader.call(
        { to: probe.address, data: data("stored") },
        { [probe.address]: { stateDiff: { [slotZero]: "0x63" as Hex } } },
      ),
    );
    expect(withStorage.ok && BigInt(withStorage.returnData)).to.equal(99n);
    const probeCode = await right(reader.codeAt(probe.address));
    const onEoa = await right(reader.call({ to: idle, data: data("answer") }, { [idle]: { code: probeCode } }));
    expect(onEoa.ok && BigInt(onEoa.returnData)).to.equal(42n);
  });

  it("runs a call with the gas it names, and with the node's own limit when it names none", async () => {
    // Runtime code that returns gasleft(): GAS PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN.
    const gasLeft = "0x5a60005260206000f3" as Hex;
    const at = asAddress("0x00000000000000000000000000000000000000a5");
    const left = async (gas: bigint | undefined, overrides: boolean) => {
      const outcome = await right(
        reader.call(
          { to: at, data: "0x" as Hex, ...(gas === undefined ? {} : { gas }) },
          overrides ? { [at]: { code: gasLeft } } : undefined,
        ),
      );
      return outcome.ok ? Number(BigInt(outcome.returnData)) : null;
    };
    expect(await left(undefined, true)).to.be.above(10_000_000);
    expect(await left(1_000_000n, true)).to.be.within(970_000, 1_000_000);
    // A read (no overrides) of the same code: placed for real, it runs with the node's own limit too.
    await chain.provider.request({ method: "hardhat_setCode", params: [at, gasLeft] });
    expect(await left(undefined, false)).to.be.above(10_000_000);
  });

  it("classifies EOAs, token standards and other contracts", async () => {
    expect(await right(reader.classify(idle))).to.equal("eoa");
    expect(await right(reader.classify(token.address))).to.equal("erc20");
    expect(await right(reader.classify(legacy.address))).to.equal("erc20");
    expect(await right(reader.classify(nft.address))).to.equal("erc721");
    expect(await right(reader.classify(multi.address))).to.equal("erc1155");
    expect(await right(reader.classify(probe.address))).to.equal("contract");
  });

  it("reads token metadata (string and bytes32 names) and balances", async () => {
    expect(await right(reader.tokenMetadata(token.address))).to.deep.equal({
      name: "Small",
      symbol: "SML",
      decimals: 18,
      totalSupply: SUPPLY,
    });
    expect(await right(reader.tokenMetadata(legacy.address))).to.deep.equal({
      name: "Maker",
      symbol: "MKR",
      decimals: 18,
      totalSupply: 1000n,
    });
    expect(await right(reader.tokenMetadata(probe.address))).to.deep.equal({
      name: null,
      symbol: null,
      decimals: null,
      totalSupply: null,
    });
    expect(await right(reader.tokenBalance(token.address, deployer))).to.equal(SUPPLY);
    expect(await right(reader.tokenBalance(token.address, idle))).to.equal(0n);
    expect((await left(reader.tokenBalance(probe.address, idle))).source).to.equal("rpc");
  });

  it("inside atBlock reads the pinned block, even after the head moves, and sends each distinct read once", async () => {
    const pinned = (await right(reader.headBlock())).number;
    const before = await right(reader.tokenBalance(token.address, deployer));
    await sendAndWait(token.contract, "transfer", [idle, 1_000n]);
    expect(await right(reader.tokenBalance(token.address, deployer))).to.equal(before - 1_000n);

    const sent: string[] = [];
    const original = chain.provider.request.bind(chain.provider);
    chain.provider.request = (args) => {
      sent.push(`${args.method} ${JSON.stringify(args.params)}`);
      return original(args);
    };
    try {
      const view = await right(
        reader.atBlock(
          pinned,
          TE.sequenceArray([
            TE.map((head: { number: number }) => String(head.number))(reader.headBlock()),
            TE.map(String)(reader.tokenBalance(token.address, deployer)),
            TE.map(String)(reader.tokenBalance(token.address, deployer)),
            TE.map(String)(reader.tokenBalance(token.address, idle)),
          ]),
        ),
      );
      expect(view).to.deep.equal([String(pinned), String(before), String(before), "0"]);
      const calls = sent.filter((s) => s.startsWith("eth_call"));
      expect(calls).to.have.length(2);
      expect(calls.every((c) => c.includes(`"0x${pinned.toString(16)}"`))).to.equal(true);
      // Outside atBlock the same question goes to the head again.
      expect(await right(reader.tokenBalance(token.address, deployer))).to.equal(before - 1_000n);
      expect(sent.filter((s) => s.startsWith("eth_call")).at(-1)).to.include('"latest"');
    } finally {
      chain.provider.request = original;
    }
  });

  it("reports an unreachable node as an rpc UpstreamFailure after retrying", async () => {
    const dead = new EthersChainReader({
      rpcUrl: "http://127.0.0.1:9",
      chainId: chain.chainId,
      timeoutMs: 1_000,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
    try {
      const failure = await left(dead.headBlock());
      expect(failure).to.include({ _tag: "UpstreamFailure", source: "rpc" });
      expect(failure.detail).to.match(/head block/);
    } finally {
      dead.close();
    }
  });
});
