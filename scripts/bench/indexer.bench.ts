/**
 * LocalIndexExplorer throughput: builds a chain of a few hundred blocks with several token
 * transfers each, then times one catch-up over JSON-RPC (HTTP, batched) from block 0.
 * The node runs in this process too, so the figure includes serving the JSON-RPC answers.
 * Every 25th block also has a Uniswap V2 createPair; the same chain is indexed with factory-made
 * creations off and on (the embedded chain serves no traces, so "on" means factory events + eth_getCode).
 *
 * Run: npx tsx scripts/bench/indexer.bench.ts [blocks] [erc20PerBlock] [nftPerBlock]
 */
import { ContractFactory, Interface } from "ethers";
import { pathToFileURL } from "node:url";
import { LocalIndexExplorer } from "../../src/adapters/explorer/local-index-explorer.adapter";
import { startEmbeddedChain, type EmbeddedChain } from "../../src/dev-world/embedded-chain";
import { loadUniswapArtifacts } from "../../src/dev-world/uniswap-artifacts";
import { deployTestContract, devSigner } from "../../test/integration/adapters/chain/support/deploy-test-contract";

export interface IndexerBenchOptions {
  readonly blocks?: number;
  readonly erc20PerBlock?: number;
  readonly nftPerBlock?: number;
}

export interface IndexerBenchResult {
  readonly blocks: number;
  readonly transactions: number;
  readonly transfers: number;
  readonly seconds: number;
  readonly blocksPerSecond: number;
  readonly transfersPerSecond: number;
  /** Time spent building the chain, for context; not part of the throughput. */
  readonly buildSeconds: number;
  /** The same chain indexed with factory-made creations detected (best of two runs, like `seconds`). */
  readonly withFactoryCreations: {
    readonly source: string;
    readonly seconds: number;
    readonly blocksPerSecond: number;
    readonly factoryMade: number;
  };
}

const erc20 = new Interface(["function transfer(address,uint256)"]);
const pairs = new Interface(["function createPair(address,address)"]);
const PAIR_EVERY = 25;
const nft = new Interface(["function mint(address,uint256)"]);
const SENDERS = 10;

async function send(chain: EmbeddedChain, from: string, to: string, data: string, gas: number): Promise<void> {
  await chain.provider.request({
    method: "eth_sendTransaction",
    params: [{ from, to, data, gas: `0x${gas.toString(16)}` }],
  });
}

/** Fills `blocks` blocks, each with transfers between dev accounts and NFT mints, mined together. */
async function buildBusyChain(chain: EmbeddedChain, options: Required<IndexerBenchOptions>): Promise<number> {
  const deployer = await devSigner(chain, 0);
  const token = await deployTestContract(deployer, "SmallToken", [10n ** 30n]);
  const collection = await deployTestContract(deployer, "SmallNft");
  const uniswap = loadUniswapArtifacts();
  const factory = await new ContractFactory(uniswap.factory.abi as never, uniswap.factory.bytecode, deployer).deploy(
    await deployer.getAddress(),
  );
  await factory.waitForDeployment();
  const factoryAddress = await factory.getAddress();
  const accounts = chain.accounts.slice(0, SENDERS).map((a) => a.address.toLowerCase());
  for (const account of accounts.slice(1))
    await send(
      chain,
      accounts[0]!,
      token.address,
      erc20.encodeFunctionData("transfer", [account, 10n ** 24n]),
      100_000,
    );
  await chain.provider.request({ method: "evm_setAutomine", params: [false] });
  let transactions = 0;
  let nextNft = 1n;
  for (let block = 0; block < options.blocks; block++) {
    for (let i = 0; i < options.erc20PerBlock; i++) {
      const from = accounts[i % SENDERS]!;
      const to = accounts[(i + block + 1) % SENDERS]!;
      await send(
        chain,
        from,
        token.address,
        erc20.encodeFunctionData("transfer", [to, BigInt(block * 1000 + i + 1)]),
        100_000,
      );
    }
    for (let i = 0; i < options.nftPerBlock; i++) {
      await send(
        chain,
        accounts[(block + i) % SENDERS]!,
        collection.address,
        nft.encodeFunctionData("mint", [accounts[i % SENDERS], nextNft++]),
        150_000,
      );
    }
    transactions += options.erc20PerBlock + options.nftPerBlock;
    if (block % PAIR_EVERY === 0) {
      const tokenB = `0x${(block + 1).toString(16).padStart(40, "0")}`;
      await send(
        chain,
        accounts[1]!,
        factoryAddress,
        pairs.encodeFunctionData("createPair", [token.address, tokenB]),
        3_000_000,
      );
      transactions++;
    }
    await chain.provider.request({ method: "evm_mine", params: [] });
  }
  await chain.provider.request({ method: "evm_setAutomine", params: [true] });
  return transactions;
}

export async function benchIndexer(options: IndexerBenchOptions = {}): Promise<IndexerBenchResult> {
  const settings = {
    blocks: options.blocks ?? 300,
    erc20PerBlock: options.erc20PerBlock ?? 8,
    nftPerBlock: options.nftPerBlock ?? 2,
  };
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  try {
    const buildStarted = performance.now();
    const transactions = await buildBusyChain(chain, settings);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    // Interleaved, best of two each, so warm-up and a busy neighbour weigh on both alike.
    const runs: Awaited<ReturnType<typeof catchUp>>[] = [];
    for (const setting of ["off", "auto", "off", "auto"] as const) runs.push(await catchUp(chain, setting));
    const best = (setting: "off" | "auto") =>
      runs.filter((r) => r.setting === setting).reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const { seconds, head, transfers } = best("off");
    const on = best("auto");
    const blocks = head + 1;
    return {
      blocks,
      transactions,
      transfers,
      seconds: round(seconds),
      blocksPerSecond: round(blocks / seconds),
      transfersPerSecond: round(transfers / seconds),
      buildSeconds: round(buildSeconds),
      withFactoryCreations: {
        source: on.source ?? "none",
        seconds: round(on.seconds),
        blocksPerSecond: round(blocks / on.seconds),
        factoryMade: on.creations - best("off").creations,
      },
    };
  } finally {
    await chain.close();
  }
}

async function catchUp(chain: EmbeddedChain, setting: "off" | "auto") {
  const explorer = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, internalCreations: setting });
  try {
    const started = performance.now();
    const head = await explorer.syncOnce();
    const seconds = (performance.now() - started) / 1000;
    return {
      setting,
      seconds,
      head,
      transfers: explorer.transfersIndexed,
      creations: explorer.creationsIndexed,
      source: explorer.creationSource,
    };
  } finally {
    await explorer.stop();
  }
}

const round = (n: number): number => Math.round(n * 100) / 100;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [blocks, erc20PerBlock, nftPerBlock] = process.argv.slice(2).map(Number);
  const result = await benchIndexer({
    ...(blocks ? { blocks } : {}),
    ...(erc20PerBlock ? { erc20PerBlock } : {}),
    ...(nftPerBlock !== undefined && !Number.isNaN(nftPerBlock) ? { nftPerBlock } : {}),
  });
  console.log(
    `LocalIndexExplorer: ${result.blocks} blocks, ${result.transfers} transfers indexed in ${result.seconds} s ` +
      `-> ${result.blocksPerSecond} blocks/s, ${result.transfersPerSecond} transfers/s (chain built in ${result.buildSeconds} s)`,
  );
  const on = result.withFactoryCreations;
  console.log(
    `with factory-made creations (${on.source}, ${on.factoryMade} found): ${on.seconds} s -> ${on.blocksPerSecond} blocks/s, ` +
      `x${Math.round((on.seconds / result.seconds) * 1000) / 1000} the time without`,
  );
}
