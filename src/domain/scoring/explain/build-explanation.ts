import { directionDrivers } from "./direction-drivers";
import type { ExplainInput } from "./explain-input";
import type { Explanation } from "./explanation-types";
import { protocolExplain } from "./protocol-explain";
import { publicExplain } from "./public-explain";
import { recommend } from "./recommendation";
import { summarize } from "./summary";

/** All explanation material for one score. scoreStability needs snapshot history and is computed apart. */
export function buildExplanation(input: ExplainInput): Explanation {
  return {
    summary: summarize(input),
    publicExplain: publicExplain(input),
    protocolExplain: protocolExplain(input),
    directionDrivers: directionDrivers(input),
    recommendation: recommend(input),
    limitations: input.limitations,
  };
}
