import type { SuiClientTypes } from "@mysten/sui/client";
import { suiUpstream, type SuiChainFailure } from "../../application/ports/sui-chain.port";

/** A failed execution or simulation: a Move abort keeps its module and code; anything else is upstream. */
export function failureOfExecution(error: SuiClientTypes.ExecutionError | null): SuiChainFailure {
  if (error?.$kind === "MoveAbort") {
    return {
      _tag: "SuiMoveAbort",
      module: error.MoveAbort.location?.module ?? "unknown",
      code: Number(error.MoveAbort.abortCode),
    };
  }
  return suiUpstream(`execution failed: ${error?.message ?? "unknown error"}`);
}
