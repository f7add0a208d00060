import { asAddress } from "../../../src/domain/chain/address";
import { compileContracts } from "../../../src/dev-world/compile";
import { startEmbeddedChain, type EmbeddedChain } from "../../../src/dev-world/embedded-chain";
import { loadUniswapArtifacts } from "../../../src/dev-world/uniswap-artifacts";
import { bootstrapInfrastructure } from "../../../src/dev-world/world/bootstrap-infrastructure";
import { ChainWriter } from "../../../src/dev-world/world/chain-writer";
import { seededRandom } from "../../../src/dev-world/world/scenarios/scenario-kit";
import { runTimeline, type Scenario } from "../../../src/dev-world/world/timeline";
import { DAY, type World } from "../../../src/dev-world/world/world";
import type { Instance } from "./instance";
import { NFT_VARIANTS, nftInstance } from "./nft-generators";
import { TOKEN_VARIANTS, tokenInstance } from "./token-generators";
import { bot, diverseWallet, freshWallet, fundedCohort, neverSeen, washPair } from "./wallet-generators";

/** The corpus spans this many days of chain time before the wall clock. */
const SPAN_DAYS = 60;

export interface EvalWorld {
  readonly chain: EmbeddedChain;
  readonly world: World;
  readonly instances: readonly Instance[];
  /** Funders configured as exchanges (their cohorts are benign). */
  readonly exchanges: readonly string[];
}

export interface CorpusSize {
  /** Instances of each token variant; wallet cohorts scale with it. */
  readonly perVariant: number;
}

/**
 * A separate embedded chain (never the dev world) with USDC, WETH and Uniswap V2, on which the labelled
 * generators play: every amount, timing, name and count comes from the seed.
 */
export async function buildEvalWorld(seed: number, size: CorpusSize): Promise<EvalWorld> {
  const artifacts = await compileContracts();
  const end = Math.floor(Date.now() / 1000);
  const origin = Math.floor((end - SPAN_DAYS * DAY) / DAY) * DAY;
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0, initialDate: new Date(origin * 1000) });
  const writer = new ChainWriter(chain.provider, chain.chainId);
  await writer.rpc("evm_setAutomine", [false]);
  const devAddresses = chain.accounts.map((a) => asAddress(a.address));
  const { world } = await bootstrapInfrastructure(writer, artifacts, loadUniswapArtifacts(), devAddresses, origin, end);
  const instances: Instance[] = [];
  const record = (i: Instance): void => void instances.push(i);
  const scenarios: Record<string, Scenario> = {};
  const n = size.perVariant;
  for (const [key, variant] of Object.entries(TOKEN_VARIANTS)) {
    for (let i = 0; i < n; i++) {
      const label = `eval${seed}-${key}-${i}`;
      scenarios[label] = tokenInstance(world, label, key, variant, seededRandom(`${label}`), record);
    }
  }
  for (const [key, variant] of Object.entries(NFT_VARIANTS)) {
    for (let i = 0; i < n; i++) {
      const label = `eval${seed}-${key}-${i}`;
      scenarios[label] = nftInstance(world, label, key, variant, seededRandom(`${label}`), record);
    }
  }
  const exchange = await world.wallet(`eval${seed}-exchange`, 10n ** 24n);
  const walletCount = Math.max(1, Math.round(n * 1.5));
  for (let i = 0; i < walletCount; i++) {
    const label = `eval${seed}-w${i}`;
    scenarios[`${label}-fresh`] = freshWallet(world, `${label}-fresh`, seededRandom(`${label}-fresh`), record);
    scenarios[`${label}-wash`] = washPair(world, `${label}-wash`, seededRandom(`${label}-wash`), record);
    scenarios[`${label}-bot`] = bot(world, `${label}-bot`, seededRandom(`${label}-bot`), record);
    scenarios[`${label}-diverse`] = diverseWallet(world, `${label}-diverse`, seededRandom(`${label}-diverse`), record);
    neverSeen(seededRandom(`${label}-unknown`), record);
  }
  // Cohorts of 9 to 11 (SHARED_FUNDING_SOURCE needs 8 fresh recipients in a day).
  const cohorts = Math.max(1, Math.round(n / 3));
  for (let c = 0; c < cohorts; c++) {
    const random = seededRandom(`eval${seed}-cohort-${c}`);
    const funder = await world.wallet(`eval${seed}-sybil-funder-${c}`, 10n ** 22n);
    scenarios[`sybil-${c}`] = fundedCohort(
      world,
      funder,
      `eval${seed}-sybil-${c}`,
      random(9, 11),
      false,
      random,
      record,
    );
    scenarios[`exchange-${c}`] = fundedCohort(
      world,
      exchange,
      `eval${seed}-cex-${c}`,
      random(9, 11),
      true,
      random,
      record,
    );
  }
  await runTimeline(writer, scenarios, origin + 120);
  const last = await writer.rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
  await writer.mine(Math.max(Number(last.timestamp) + 1, Math.floor(Date.now() / 1000)));
  await writer.rpc("evm_setAutomine", [true]);
  return { chain, world, instances, exchanges: [exchange.address] };
}
