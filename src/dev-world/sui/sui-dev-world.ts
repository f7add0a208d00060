import type { SuiChain } from "../../application/ports/sui-chain.port";
import type { SuiAddress } from "../../domain/sui/sui-address";
import { EmbeddedSuiLedger } from "./embedded-sui-ledger";
import { seedSuiWorld, type SuiScenario } from "./sui-world-seed";

export interface SuiDevWorld {
  readonly chain: SuiChain;
  readonly scenario: SuiScenario;
}

/**
 * The embedded Sui default: a seeded in-process ledger whose OracleCap belongs to `oracle` (the
 * configured key, or the fresh dev key the composition root made). Its clock is wall time; the
 * seeded history lies behind the moment it starts.
 */
export function startSuiDevWorld(oracle: SuiAddress, now: () => number = Date.now): SuiDevWorld {
  const { state, scenario } = seedSuiWorld(now(), oracle);
  return { chain: new EmbeddedSuiLedger(state, oracle, now), scenario };
}

/** What GET {sui}/api/dev/scenario lists: the roles the issue names, plus the registry's ids. */
export function suiScenarioManifest(scenario: SuiScenario) {
  return {
    chain: "sui (embedded ledger)",
    suiCoin: scenario.suiCoin,
    fixedSupplyCoin: scenario.fixedSupplyCoin,
    mintableCoin: scenario.mintableCoin,
    regulatedCoin: scenario.regulatedCoin,
    freshCoin: scenario.freshCoin,
    longLivedWallet: scenario.longLivedWallet,
    freshWallet: scenario.freshWallet,
    botWallet: scenario.botWallet,
    registryId: scenario.registryId,
    packageId: scenario.packageId,
    oracle: scenario.oracle,
  };
}
