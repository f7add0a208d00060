import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { TARGET_TIERS, type TargetTier } from "../../../domain/staking/target-trust";
import { upstreamFailure, type UpstreamFailure } from "../../failures";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { SnapshotStore } from "../../ports/snapshot-store.port";
import type { StakingTargetTrust } from "../../ports/staking-target-trust.port";

const isTargetTier = (tier: string): tier is TargetTier => (TARGET_TIERS as readonly string[]).includes(tier);

/**
 * A stake target's trust as scoring last saw it: official issuers are VERIFIED, anything else
 * takes the tier of its newest snapshot, and a target never scored is unknown (null). It reads
 * stored answers instead of scoring on the spot, because scoring a token scores its deployer,
 * whose staking would ask for target trust again.
 */
@injectable()
export class SnapshotStakingTargetTrust implements StakingTargetTrust {
  constructor(
    @inject(SnapshotStore) private readonly snapshots: SnapshotStore,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
  ) {}

  tierOf(target: Address): TE.TaskEither<UpstreamFailure, TargetTier | null> {
    if (this.settings.officialIssuers.includes(target)) return TE.right("VERIFIED");
    return TE.tryCatch(
      async () => {
        const [latest] = await this.snapshots.listFor(target, 1);
        return latest !== undefined && isTargetTier(latest.tier) ? latest.tier : null;
      },
      (error) => upstreamFailure("storage", `snapshot read: ${String(error)}`),
    );
  }
}
