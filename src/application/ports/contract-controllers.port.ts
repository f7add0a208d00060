import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { UpstreamFailure } from "../failures";

/**
 * Who controls a contract, as the scorer's owner discovery and deployer lookup see it: owner() (when set and not
 * renounced), the account that created it and, for a factory-made contract, the account that sent the creating
 * transaction. Each once; empty when none is known.
 */
export interface ContractControllers {
  controllersOf(contract: Address): TaskEither<UpstreamFailure, readonly Address[]>;
}

export const ContractControllers = Symbol.for("ContractControllers");
