import type { Address } from "../../chain/address";
import type { ChainTime, ContractCreation } from "../../chain/chain-types";
import { type Flag, raiseFlag } from "../flag";
import type { KnownWalletScore } from "../profiles/token-profile";
import { TOKEN } from "../thresholds";
import type { Shortfall } from "./confidence";
import { ageDays, round2 } from "./math";

/**
 * The account behind a contract: whoever sent the creating transaction. For a deployment that is the
 * creator; for a factory-made contract the factory is only the tool, the sender is who made it.
 */
export function deployerOf(creation: ContractCreation | null): Address | null {
  return creation === null ? null : (creation.origin ?? creation.creator);
}

/** Contract age in days from its creation block, null when the creation is unknown. */
export function contractAgeDays(creation: ContractCreation | null, now: ChainTime): number | null {
  if (creation === null || creation.timestamp === null) return null;
  return round2(ageDays(creation.timestamp, now));
}

export function youngContractFlag(creation: ContractCreation | null, age: number | null): Flag | null {
  if (creation === null || age === null || age >= TOKEN.youngContractDays) return null;
  return raiseFlag("YOUNG_CONTRACT", {
    detail: `Created ${age} days ago by ${creation.creator}.`,
    txHashes: [creation.txHash],
    counterparties: [creation.creator],
    blocks: creation.blockNumber === null ? [] : [creation.blockNumber],
    figures: { ageDays: age },
  });
}

export function creationShortfall(creation: ContractCreation | null): Shortfall | null {
  if (creation !== null && creation.timestamp !== null) return null;
  return {
    cost: 10,
    limitation: "The contract's creation (deployer, date) is unknown: age and deployer checks were skipped.",
  };
}

export function deployerTrustFlag(creation: ContractCreation | null, deployer: KnownWalletScore | null): Flag | null {
  if (deployer === null || (deployer.tier !== "LOW" && deployer.tier !== "BLOCKED")) return null;
  const blocked = deployer.tier === "BLOCKED";
  return raiseFlag(
    "DEPLOYER_LOW_TRUST",
    {
      detail: `The deployer's own wallet score is ${deployer.score} (${deployer.tier}).`,
      counterparties: creation === null ? [] : [deployerOf(creation) ?? creation.creator],
      figures: { deployerScore: deployer.score, deployerTier: deployer.tier },
    },
    blocked ? { severity: "high", points: -20 } : undefined,
  );
}

export function deployerScoreShortfall(deployer: KnownWalletScore | null): Shortfall | null {
  return deployer === null ? { cost: 5, limitation: "The deployer's wallet score was not available." } : null;
}
