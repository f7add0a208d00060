import type { Address } from "../../chain/address";
import type { AddressKind, ChainTransaction, ContractCreation, Hex, Page } from "../../chain/chain-types";
import type { KnownWalletScore } from "./token-profile";

/** A contract that is neither an ERC-20 nor an NFT (router, vault, staking, multisig ...). */
export interface ContractProfile {
  readonly contract: Address;
  readonly kind: AddressKind;
  readonly bytecode: Hex;
  readonly creation: ContractCreation | null;
  /** ExplorerHistory.transactionsOf(contract): calls into it. */
  readonly transactions: Page<ChainTransaction>;
  readonly deployerWalletScore: KnownWalletScore | null;
}
