import * as E from "fp-ts/Either";
import { recordViews } from "../../../domain/sui/registry-rules";
import type { SuiAddress } from "../../../domain/sui/sui-address";
import type { RegistryRecord } from "../../../domain/sui/sui-facts";
import { suiUpstream, type SuiChain, type SuiChainFailure } from "../../ports/sui-chain.port";

/**
 * The registry's reading of one subject, by read-only simulation: is_scored first (the getters
 * abort on an unscored subject, exactly as the Move code does), then the five getters in one call.
 */
export async function readRegistryRecord(
  chain: SuiChain,
  subject: SuiAddress,
): Promise<E.Either<SuiChainFailure, RegistryRecord | null>> {
  const scored = await chain.simulateViews([{ fn: "is_scored", subject }])();
  if (E.isLeft(scored)) return scored;
  if (scored.right[0] !== true) return E.right(null);
  const values = await chain.simulateViews(recordViews(subject))();
  if (E.isLeft(values)) return values;
  const [score, tier, confidence, botFlagged, updatedEpoch] = values.right;
  if (
    typeof score !== "number" ||
    typeof tier !== "number" ||
    typeof confidence !== "number" ||
    typeof botFlagged !== "boolean" ||
    typeof updatedEpoch !== "bigint"
  )
    return E.left(suiUpstream("registry views returned unexpected types"));
  return E.right({ score, tier, confidence, botFlagged, updatedEpoch });
}
