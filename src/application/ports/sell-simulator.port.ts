import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { PoolFacts, SellSimulation, SimulationActorRole } from "../../domain/scoring";
import type { UpstreamFailure } from "../failures";

/** A real holder chosen to sell in the simulation, with its role so privileged sellers are told apart. */
export interface SimulatedSeller {
  readonly address: Address;
  readonly role: SimulationActorRole;
  readonly balance: bigint;
}

export interface SellSimulationRequest {
  readonly token: Address;
  /** Pools to trade through (deepest first); the simulator may use only the first few. */
  readonly pools: readonly PoolFacts[];
  readonly sellers: readonly SimulatedSeller[];
  /** The head block the profile was read at; the calls run at the node's latest block. */
  readonly blockNumber: number;
}

/**
 * Trades a token without sending a transaction: eth_calls with state overrides that sell through a pool
 * (and transfer) as real holders and as a fresh address given a balance, plus a buy from a fresh address.
 * Answers null when no simulation can run (no pool). Reverts are outcomes, not failures.
 */
export interface SellSimulator {
  simulate(request: SellSimulationRequest): TaskEither<UpstreamFailure, SellSimulation | null>;
}

export const SellSimulator = Symbol.for("SellSimulator");
