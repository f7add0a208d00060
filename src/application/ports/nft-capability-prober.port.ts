import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { NftCapabilityEvidence, NftSample } from "../../domain/scoring/profiles/nft-capabilities";
import type { UpstreamFailure } from "../failures";

export interface NftCapabilityProbeRequest {
  readonly contract: Address;
  readonly standard: "erc721" | "erc1155";
  readonly bytecode: Hex;
  readonly deployer: Address | null;
  /** Items held now (from the transfers), candidates for the sample a burn, move or URI change acts on. */
  readonly holdings: readonly NftSample[];
  readonly creationBlock: number | null;
  readonly blockNumber: number;
}

/**
 * What an NFT collection's code lets a privileged caller (owner(), pendingOwner(), an address in storage, the
 * deployer) or anyone do to items, proven at the head block by simulated calls (eth_call with state overrides):
 * mint, mint past the declared cap, burn or move someone else's item, change an item's token URI. Reverts are
 * outcomes; only transport faults fail.
 */
export interface NftCapabilityProber {
  probe(request: NftCapabilityProbeRequest): TaskEither<UpstreamFailure, NftCapabilityEvidence>;
}

export const NftCapabilityProber = Symbol.for("NftCapabilityProber");
