import type { Address } from "../../domain/chain/address";

/** Issue 33 items 4 and 5: a sanctioned wallet, a USDC-frozen one, and the on-chain score registry. */
export interface SanctionsAndRegistryRoles {
  /** Listed in the dev world's extra sanctions list (SANCTIONS_EXTRA_FILE); holds USDC and tries to pay. */
  readonly sanctionedWallet: Address;
  /** Frozen by USDC's own blacklist (isBlacklisted true). */
  readonly usdcBlacklistedWallet: Address;
  readonly scoreRegistry: Address;
  /** The only key allowed to write the registry (the service's oracle key in the dev world). */
  readonly scoreRegistryOracle: Address;
  /** Refuses deposits from accounts below `vaultMinScore` or scored more than `vaultMaxAgeSeconds` ago. */
  readonly guardedVault: Address;
  readonly vaultMinScore: number;
  readonly vaultMaxAgeSeconds: number;
}

/** World-wallet label of the registry's oracle: the dev world hands its key to the service. */
export const SCORE_REGISTRY_ORACLE_LABEL = "score-registry-oracle";
