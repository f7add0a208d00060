import type { Address } from "../../chain/address";
import type { AddressKind, ContractCreation, Hex, Page, TokenTransfer } from "../../chain/chain-types";
import type { NftCapabilityEvidence } from "./nft-capabilities";
import type { KnownWalletScore } from "./token-profile";

export interface NftProfile {
  readonly contract: Address;
  /** ChainReader.classify(contract): erc721 / erc1155; anything else is scored as "not an NFT". */
  readonly kind: AddressKind;
  readonly name: string | null;
  readonly bytecode: Hex;
  readonly creation: ContractCreation | null;
  /** ExplorerHistory.transfersOfToken(contract): every transfer, mints included, oldest first. */
  readonly transfers: Page<TokenTransfer>;
  /** The creator's wallet score, null when not computed. */
  readonly creatorWalletScore: KnownWalletScore | null;
  /** What privileged callers (or anyone) can do to items, by simulation; null when the probes could not run. */
  readonly capabilities: NftCapabilityEvidence | null;
}
