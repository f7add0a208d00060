import type { Address } from "../../chain/address";
import type { NftAttempt, NftReadings, NftSample } from "../profiles/nft-capabilities";

/** What a call did to the collection, read from the views before and after it (never from the function's name). */
export type NftEffectKind = "mint" | "burn" | "move" | "metadata";

const grew = (before: bigint | null, after: bigint | null): boolean =>
  before !== null && after !== null && after > before;
const shrank = (before: bigint | null, after: bigint | null): boolean =>
  before !== null && after !== null && after < before;

/**
 * burn: the sample holder lost the item and nobody named in the call got it (ERC-721: ownerOf now reverts or is
 * zero). move: the item left its holder for another address without the holder's approval. mint: the supply, or
 * the recipient's or caller's balance, grew while the sample holder lost nothing. metadata: tokenURI/uri of the
 * sample still answers, with other content.
 */
export function nftEffectKinds(
  standard: "erc721" | "erc1155",
  sample: NftSample | null,
  before: NftReadings,
  after: NftReadings,
): NftEffectKind[] {
  const kinds: NftEffectKind[] = [];
  const holderLost = shrank(before.holderBalance, after.holderBalance);
  const someoneGained =
    grew(before.recipientBalance, after.recipientBalance) || grew(before.callerBalance, after.callerBalance);
  let moved = false;
  let burned = false;
  if (sample !== null) {
    if (standard === "erc721" && before.sampleOwner === sample.holder) {
      burned = after.sampleOwner === null;
      moved = after.sampleOwner !== null && after.sampleOwner !== sample.holder;
    } else if (standard === "erc1155") {
      moved = holderLost && someoneGained;
      burned = holderLost && !someoneGained;
    }
  }
  if (burned) kinds.push("burn");
  if (moved) kinds.push("move");
  const minted = grew(before.totalSupply, after.totalSupply) || (someoneGained && !holderLost && !moved);
  if (minted) kinds.push("mint");
  if (!burned && !moved && before.uriHash !== null && after.uriHash !== null && after.uriHash !== before.uriHash)
    kinds.push("metadata");
  return kinds;
}

export interface ClassifiedNftAttempt {
  readonly attempt: NftAttempt;
  /** Effects the candidate got that the random caller did not: privileges. */
  readonly privileged: readonly NftEffectKind[];
  /** Effects the random caller got too: public. */
  readonly public: readonly NftEffectKind[];
}

export function classifyAttempt(
  standard: "erc721" | "erc1155",
  sample: NftSample | null,
  attempt: NftAttempt,
): ClassifiedNftAttempt {
  const mine = attempt.callOk ? nftEffectKinds(standard, sample, attempt.before, attempt.after) : [];
  const s = attempt.stranger;
  const theirs = s !== null && s.callOk ? nftEffectKinds(standard, sample, s.before, s.after) : [];
  // Unmeasured stranger: nothing is claimed privileged (a public function is not a privilege).
  const privileged = s === null ? [] : mine.filter((k) => !theirs.includes(k));
  return { attempt, privileged, public: theirs };
}

const show = (value: bigint | null): string => (value === null ? "reverted" : value.toString());
const showOwner = (value: Address | null): string => (value === null ? "none (reverted or zero)" : value);

/** A readable account of the readings that moved, for evidence. */
export function describeNftChange(before: NftReadings, after: NftReadings, kinds: readonly NftEffectKind[]): string {
  const parts: string[] = [];
  if (before.totalSupply !== after.totalSupply)
    parts.push(`totalSupply ${show(before.totalSupply)} -> ${show(after.totalSupply)}`);
  if (before.sampleOwner !== after.sampleOwner)
    parts.push(`ownerOf ${showOwner(before.sampleOwner)} -> ${showOwner(after.sampleOwner)}`);
  if (before.holderBalance !== after.holderBalance)
    parts.push(`holder balance ${show(before.holderBalance)} -> ${show(after.holderBalance)}`);
  if (before.recipientBalance !== after.recipientBalance)
    parts.push(`recipient balance ${show(before.recipientBalance)} -> ${show(after.recipientBalance)}`);
  if (before.callerBalance !== after.callerBalance)
    parts.push(`caller balance ${show(before.callerBalance)} -> ${show(after.callerBalance)}`);
  if (kinds.includes("metadata")) parts.push("token URI changed");
  return parts.join("; ");
}
