import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { OnchainScore, RegistryEntry } from "../../domain/registry/registry-entry";
import type { UpstreamFailure } from "../failures";

/** What a protocol needs to read the registry. */
export interface RegistryInfo {
  readonly address: Address;
  readonly chainId: number;
  readonly abi: readonly unknown[];
}

/** Entries to write, with what one transaction carrying them may spend. */
export interface PreparedPublish {
  readonly entries: readonly RegistryEntry[];
  /** Gas limit the transaction will carry (the estimate plus a margin): what the write budget reserves. */
  readonly gasLimit: bigint;
}

export interface PublishedTransaction {
  readonly transaction: string;
  readonly blockNumber: number;
}

/** The on-chain ScoreRegistry, written with the service's oracle key. */
export interface ScoreRegistry {
  info(): RegistryInfo;
  /** keccak256 of the entry's flag codes as the registry stores it. */
  flagsHash(entry: RegistryEntry): string;
  /** What is on chain now for each account (null: never written). */
  current(accounts: readonly Address[]): TaskEither<UpstreamFailure, ReadonlyMap<Address, OnchainScore | null>>;
  /** Estimates one batched write; nothing is sent. */
  prepare(entries: readonly RegistryEntry[]): TaskEither<UpstreamFailure, PreparedPublish>;
  /** Sends the batched write and waits for its receipt. */
  send(prepared: PreparedPublish): TaskEither<UpstreamFailure, PublishedTransaction>;
}

export const ScoreRegistry = Symbol.for("ScoreRegistry");
