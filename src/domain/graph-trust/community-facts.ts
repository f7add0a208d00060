import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";
import type { FundingRoot } from "./funding-root";

/** A value transfer a wallet sent (native or ERC-20), as the transfer graph remembers it. */
export interface WalletSend {
  readonly to: Address;
  /** The token, or "native". */
  readonly asset: Address | "native";
  readonly value: bigint;
  readonly txHash: TxHash;
  readonly block: number;
  /** The destination is a contract (a router, a pool): never a sweep destination. */
  readonly toContract: boolean;
}

/** A token the wallet received in a transaction it sent itself: a buy or a claim, not a payment to it. */
export interface WalletTrade {
  readonly token: Address;
  readonly txHash: TxHash;
  readonly block: number;
}

export interface CommunityWallet {
  readonly address: Address;
  readonly funding: FundingRoot | null;
  /** Bounded, most recent last. */
  readonly sends: readonly WalletSend[];
  readonly trades: readonly WalletTrade[];
  /** Total received per asset ("native" or the token), for the assets the graph tracks per wallet. */
  readonly received: ReadonlyMap<Address | "native", bigint>;
}

/** One Louvain community of externally owned wallets, with what the graph knows of each. */
export interface CommunityFacts {
  readonly wallets: readonly CommunityWallet[];
  /** Official issuers and quote tokens: receiving money says nothing about co-trading. */
  readonly moneyTokens: ReadonlySet<Address>;
}
