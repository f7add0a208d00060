import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { ChainTransaction, Hex } from "../../domain/chain/chain-types";
import type { PoolFacts } from "../../domain/scoring";
import type { CapabilityEvidence } from "../../domain/scoring/profiles/capabilities";
import type { UpstreamFailure } from "../failures";
import type { SimulatedSeller } from "./sell-simulator.port";

export interface CapabilityProbeRequest {
  readonly token: Address;
  readonly bytecode: Hex;
  /** owner() as read (zero when renounced, null without owner()). */
  readonly owner: Address | null;
  readonly deployer: Address | null;
  readonly totalSupply: bigint | null;
  /** Deepest first. */
  readonly pools: readonly PoolFacts[];
  /** Real non-privileged holders, largest first (a transfer is traced as the first). */
  readonly holders: readonly SimulatedSeller[];
  /** Mined transactions to and from the token, for the use of privileged functions. */
  readonly history: readonly ChainTransaction[];
  readonly creationBlock: number | null;
  readonly blockNumber: number;
}

/**
 * What a token's code can do, proven by behaviour at the head block: owner discovery (owner(), pendingOwner(),
 * addresses in storage, the deployer), each dispatched function called as each candidate with the effect on
 * holders measured in the same eth_call (state overrides), sells of 1% and 100%, two sells in a row, a small and
 * a large buy, a traced transfer, and proxy slots. Reverts are outcomes; only transport faults fail.
 */
export interface ContractCapabilityProber {
  probe(request: CapabilityProbeRequest): TaskEither<UpstreamFailure, CapabilityEvidence>;
}

export const ContractCapabilityProber = Symbol.for("ContractCapabilityProber");
