import type { Address } from "../chain/address";
import { gamingFlag, type GamingFlag } from "./gaming-flag";
import type { StakingEvidence } from "./staking-evidence";
import type { StakePosition } from "./stake-positions";
import { churnedPositions, unstakesAfterDeploy } from "./staking-rules";
import type { TargetTier } from "./target-trust";

interface FlaggablePosition extends StakePosition {
  readonly tier: TargetTier | null;
  readonly selfDeployed: Address | null;
}

const short = (address: string): string => `${address.slice(0, 8)}…${address.slice(-4)}`;

function selfStakeFlag(positions: readonly FlaggablePosition[]): GamingFlag[] {
  const self = positions.filter((p) => p.selfDeployed !== null);
  if (self.length === 0) return [];
  const deployed = self.map((p) => p.selfDeployed as Address);
  return [
    gamingFlag(
      "STAKE_ON_OWN_TOKEN",
      `Staked into what it deployed itself (${deployed.map(short).join(", ")}); those stakes earn nothing.`,
      {
        txHashes: self.map((p) => p.stakeTx),
        contracts: [...deployed, ...self.map((p) => p.contract)],
      },
    ),
  ];
}

function blockedFlag(positions: readonly FlaggablePosition[]): GamingFlag[] {
  const blocked = positions.filter((p) => p.tier === "BLOCKED");
  if (blocked.length === 0) return [];
  const targets = blocked.map((p) => (p.asset === "native" ? p.contract : p.asset));
  return [
    gamingFlag("BLOCKED_TARGET", `Staked on ${targets.length} BLOCKED target(s); those stakes earn nothing.`, {
      txHashes: blocked.map((p) => p.stakeTx),
      contracts: [...targets, ...blocked.map((p) => p.contract)],
    }),
  ];
}

function ringFlag(evidence: StakingEvidence): GamingFlag[] {
  const rings = evidence.rings.filter((r) => r.members.includes(evidence.wallet));
  if (rings.length === 0) return [];
  const cycles = rings.map((r) => [...r.members, r.members[0] as Address].map(short).join(" -> "));
  return [
    gamingFlag(
      "STAKING_RING",
      `Wallets stake toward each other in a ring: ${cycles.join("; ")}; those stakes are voided.`,
      {
        txHashes: rings.flatMap((r) => r.edges.map((e) => e.txHash)),
        contracts: rings.flatMap((r) => r.edges.map((e) => e.contract)),
        counterparties: rings.flatMap((r) => r.members).filter((m) => m !== evidence.wallet),
      },
    ),
  ];
}

function churnFlag(positions: readonly FlaggablePosition[]): GamingFlag[] {
  const churned = churnedPositions(positions);
  if (churned.length === 0) return [];
  return [
    gamingFlag("STAKE_CHURN", `Staked and unstaked within a day ${churned.length} time(s).`, {
      txHashes: churned.flatMap((p) => [p.stakeTx, p.unstakeTx ?? p.stakeTx]),
      contracts: churned.map((p) => p.contract),
    }),
  ];
}

function unstakeAfterDeployFlag(evidence: StakingEvidence): GamingFlag[] {
  const pairs = unstakesAfterDeploy(evidence.wallet, evidence.activities, evidence.deployments);
  if (pairs.length === 0) return [];
  const tokens = [...new Set(pairs.map((p) => p.first.token))];
  return [
    gamingFlag("UNSTAKE_AFTER_DEPLOY", `Unstaked after deploying token(s) ${tokens.map(short).join(", ")}.`, {
      txHashes: pairs.flatMap((p) => [p.first.txHash, p.then.txHash]),
      contracts: [...tokens, ...pairs.map((p) => p.then.contract)],
    }),
  ];
}

export function gamingFlagsOf(evidence: StakingEvidence, positions: readonly FlaggablePosition[]): GamingFlag[] {
  return [
    ...selfStakeFlag(positions),
    ...ringFlag(evidence),
    ...churnFlag(positions),
    ...unstakeAfterDeployFlag(evidence),
    ...blockedFlag(positions),
  ];
}
