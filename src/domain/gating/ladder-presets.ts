import type { DecimalAmount } from "./decimal-amount";
import type { Ladder } from "./ladder";

/**
 * Example ladders for trying the check on the test network. Mainnet mode refuses them: a real
 * protocol must state its own policy, not borrow ours.
 */
export const LADDER_PRESETS = {
  example_lending: {
    protocolId: "example_lending",
    minConfidence: 40,
    bands: [
      { minScore: 50, maxScore: 64, capability: "borrow", maxAmount: "1000" as DecimalAmount },
      { minScore: 65, maxScore: 79, capability: "borrow", maxAmount: "10000" as DecimalAmount },
      { minScore: 80, capability: "borrow", maxAmount: "100000" as DecimalAmount },
    ],
  },
  example_governance: {
    protocolId: "example_governance",
    minConfidence: 30,
    bands: [
      { minScore: 40, capability: "vote" },
      { minScore: 70, capability: "propose" },
    ],
  },
} as const satisfies Record<string, Ladder>;

export type LadderPresetName = keyof typeof LADDER_PRESETS;

export function presetLadder(name: unknown): Ladder | undefined {
  return typeof name === "string" && Object.hasOwn(LADDER_PRESETS, name)
    ? LADDER_PRESETS[name as LadderPresetName]
    : undefined;
}
