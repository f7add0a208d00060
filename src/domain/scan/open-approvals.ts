import { addressArgument } from "../chain/abi-words";
import type { Address } from "../chain/address";
import type { Hex } from "../chain/chain-types";
import type { ApprovalChange } from "./scan-types";

/** An approval as history last set it (the latest event per token, spender and item wins). */
export interface GrantedApproval {
  readonly change: ApprovalChange;
  readonly blockNumber: number;
  readonly txHash: string;
}

/** The key one approval is replaced under: an ERC-20 allowance per spender, an ERC-721 approval per item. */
const keyOf = (a: ApprovalChange): string =>
  a.kind === "erc721" ? `${a.token}:721:${a.tokenId ?? ""}` : `${a.token}:${a.kind}:${a.spender}`;

/** Latest approval per key, oldest history first in; revocations drop out. */
export function latestApprovals(history: readonly GrantedApproval[]): GrantedApproval[] {
  const latest = new Map<string, GrantedApproval>();
  for (const entry of history) latest.set(keyOf(entry.change), entry);
  return [...latest.values()].filter((entry) => !entry.change.revokes);
}

const word = (value: bigint): string => value.toString(16).padStart(64, "0");

/** The calldata that withdraws an approval, sent to the token contract by its owner. */
export function revokeCalldata(approval: ApprovalChange): Hex {
  switch (approval.kind) {
    case "erc20": // approve(spender, 0)
      return `0x095ea7b3${addressArgument(approval.spender)}${word(0n)}` as Hex;
    case "erc721": // approve(address(0), tokenId)
      return `0x095ea7b3${word(0n)}${word(approval.tokenId ?? 0n)}` as Hex;
    case "operator": // setApprovalForAll(operator, false)
      return `0xa22cb465${addressArgument(approval.spender)}${word(0n)}` as Hex;
  }
}

/** Calldata of the reads that confirm an approval still stands. */
export function confirmCalldata(approval: ApprovalChange, owner: Address): Hex {
  switch (approval.kind) {
    case "erc20": // allowance(owner, spender)
      return `0xdd62ed3e${addressArgument(owner)}${addressArgument(approval.spender)}` as Hex;
    case "erc721": // getApproved(tokenId)
      return `0x081812fc${word(approval.tokenId ?? 0n)}` as Hex;
    case "operator": // isApprovedForAll(owner, operator)
      return `0xe985e9c5${addressArgument(owner)}${addressArgument(approval.spender)}` as Hex;
  }
}
