import type { UpstreamFailure } from "../../failures";

/** A staking read could not complete; the HTTP edge answers 502 `staking_analysis_failed`. */
export interface StakingAnalysisFailed {
  readonly _tag: "StakingAnalysisFailed";
  readonly cause: UpstreamFailure;
}

export const stakingAnalysisFailed = (cause: UpstreamFailure): StakingAnalysisFailed => ({
  _tag: "StakingAnalysisFailed",
  cause,
});
