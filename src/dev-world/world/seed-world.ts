import type { ChainWriter } from "./chain-writer";
import { runTimeline, type Scenario } from "./timeline";
import type { World } from "./world";
import { capabilityTokensScenario } from "./scenarios/capability-tokens.scenario";
import { walletProtectionScenario } from "./scenarios/wallet-protection.scenario";
import { detectionGapsScenario } from "./scenarios/detection-gaps.scenario";
import { botAndFreshScenario } from "./scenarios/bot-and-fresh.scenario";
import { coordinatedBuyScenario } from "./scenarios/coordinated-buy.scenario";
import { exitSyncScenario } from "./scenarios/exit-sync.scenario";
import { gamingStakingScenario } from "./scenarios/gaming-staking.scenario";
import { healthyTokenScenario } from "./scenarios/healthy-token.scenario";
import { honestStakingScenario } from "./scenarios/honest-staking.scenario";
import { honeypotScenario } from "./scenarios/honeypot.scenario";
import { longLivedWalletScenario } from "./scenarios/long-lived-wallet.scenario";
import { nft1155Scenario, nftOrganicScenario, nftWashScenario } from "./scenarios/nft-collections.scenario";
import { nftDumpScenario } from "./scenarios/nft-dump.scenario";
import { nftCapabilityCollectionsScenario } from "./scenarios/nft-capability-collections.scenario";
import { rugPullScenario } from "./scenarios/rug-pull.scenario";
import { taxTokenScenario } from "./scenarios/tax-token.scenario";
import { washTradingScenario } from "./scenarios/wash-trading.scenario";
import { sanctionsAndRegistryScenario } from "./scenarios/sanctions-and-registry.scenario";
import { sybilFarmScenario } from "./scenarios/sybil-farm.scenario";
import { exchangeHotWalletScenario, payrollScenario } from "./scenarios/honest-lookalikes.scenario";

/**
 * Plays every scenario of the seeded world, interleaved in chain time. The order here only breaks
 * ties between scenarios acting in the same second, so it is part of what makes runs identical.
 */
export async function seedWorld(writer: ChainWriter, world: World, startedAt: number): Promise<void> {
  const scenarios: Record<string, Scenario> = {
    healthyToken: healthyTokenScenario(world),
    longLivedWallet: longLivedWalletScenario(world),
    honestStaking: honestStakingScenario(world),
    gamingStaking: gamingStakingScenario(world),
    nftOrganic: nftOrganicScenario(world),
    nftWash: nftWashScenario(world),
    nft1155: nft1155Scenario(world),
    nftDump: nftDumpScenario(world),
    washTrading: washTradingScenario(world),
    exitSync: exitSyncScenario(world),
    taxToken: taxTokenScenario(world),
    honeypot: honeypotScenario(world),
    rugPull: rugPullScenario(world),
    botAndFresh: botAndFreshScenario(world),
    coordinatedBuy: coordinatedBuyScenario(world),
    // Appended last (graph trust): ties within a second go after every earlier scenario, so nothing above moves.
    sybilFarm: sybilFarmScenario(world),
    exchangeHotWallet: exchangeHotWalletScenario(world),
    payroll: payrollScenario(world),
    // Appended after graph trust's (issue 17): its own wallets and contracts, so nothing above moves.
    capabilityTokens: capabilityTokensScenario(world),
    // Appended after the capability tokens (issue 17 item 4): its own wallets and contracts, so nothing above moves.
    nftCapabilityCollections: nftCapabilityCollectionsScenario(world),
    // Appended after the NFT capability collections (issue 17's remaining gaps): its own wallets, so nothing above moves.
    detectionGaps: detectionGapsScenario(world),
    // Appended after the detection gaps (issue 33 items 4 and 5): its own wallets and contracts, so nothing above moves.
    sanctionsAndRegistry: sanctionsAndRegistryScenario(world),
    // Appended after the detection gaps (issue 31): its own wallets and contracts, so nothing above moves.
    walletProtection: walletProtectionScenario(world),
  };
  await runTimeline(writer, scenarios, startedAt);
}
