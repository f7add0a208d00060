import type { AddressKind } from "../chain/chain-types";

/**
 * Which product answers for an address (the API contract "Endpoints"): the rules that decide what is sold,
 * what is free and where a caller is sent instead.
 */

/** The wallet oracle sells scores of accounts without code; a contract is sent to the token product. */
export const walletOracleServes = (kind: AddressKind): boolean => kind === "eoa";

export type TokenOracleProduct = "paid" | "free" | "not_a_token";

/** Official issuers (VERIFIED), NFT collections and other contracts are free; ERC-20 tokens are paid. */
export function tokenOracleProduct(kind: AddressKind, officialIssuer: boolean): TokenOracleProduct {
  if (kind === "eoa") return "not_a_token";
  return kind === "erc20" && !officialIssuer ? "paid" : "free";
}

export type WidgetProduct = "erc20_score" | "verified" | "not_tradeable";

/** The widget shows a score only for ERC-20 tokens; an official issuer is VERIFIED; anything else is NTT. */
export function widgetProduct(kind: AddressKind, officialIssuer: boolean): WidgetProduct {
  if (officialIssuer) return "verified";
  return kind === "erc20" ? "erc20_score" : "not_tradeable";
}

/**
 * The free NFT path scores NFT collections only: anything else is sent to the product that serves
 * it (the paid wallet oracle, or the token oracle for ERC-20s and other contracts), so the free
 * path never gives away what the oracle sells.
 */
export function nftPathRedirect(kind: AddressKind, address: string): string | null {
  if (kind === "erc721" || kind === "erc1155") return null;
  return kind === "eoa" ? `/api/oracle/${address}` : `/api/oracle/token/${address}`;
}

export type EvidenceAccess = "free" | "wallet_oracle" | "token_oracle";

/**
 * Where a person reads an address's full evidence: free where the token oracle gives it away (official
 * issuers, NFT collections, other contracts), else from the oracle that sells it (wallets, ERC-20 tokens).
 */
export function evidenceAccess(kind: AddressKind, officialIssuer: boolean): EvidenceAccess {
  if (walletOracleServes(kind)) return "wallet_oracle";
  return tokenOracleProduct(kind, officialIssuer) === "free" ? "free" : "token_oracle";
}
