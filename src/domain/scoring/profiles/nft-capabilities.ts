import type { Address } from "../../chain/address";
import type { ProbeCaller } from "./capabilities";

/**
 * What the collection answered at one moment of a simulated call. Null: the view reverted (ownerOf of a burned
 * token, or a collection without totalSupply()). ERC-1155 balances are of the sample id.
 */
export interface NftReadings {
  readonly totalSupply: bigint | null;
  /** ERC-721 ownerOf(sample id); null when it reverted or answered zero (burned), always null for ERC-1155. */
  readonly sampleOwner: Address | null;
  /** The sample holder's balance (ERC-721: items; ERC-1155: of the sample id). */
  readonly holderBalance: bigint | null;
  /** The probe's recipient (a fresh address named in the call). */
  readonly recipientBalance: bigint | null;
  /** The caller's own balance (mints "to msg.sender"). */
  readonly callerBalance: bigint | null;
  /** keccak256 of tokenURI(sample id) / uri(sample id) as returned; null when it reverted. */
  readonly uriHash: string | null;
}

/** An existing item held by someone who is not a candidate caller: what burns, moves and URI changes act on. */
export interface NftSample {
  readonly tokenId: bigint;
  readonly holder: Address;
}

/** One call tried as a candidate caller, and the same call from a random address in the same state. */
export interface NftAttempt {
  readonly selector: string;
  /** Which argument layout (e.g. "(recipient, 1)", "(sample id)", "(holder, recipient, sample id)"). */
  readonly layout: string;
  readonly caller: ProbeCaller;
  readonly callOk: boolean;
  readonly before: NftReadings;
  readonly after: NftReadings;
  /** The same call from a random address: null when it could not be measured. */
  readonly stranger: {
    readonly address: Address;
    readonly callOk: boolean;
    readonly before: NftReadings;
    readonly after: NftReadings;
  } | null;
}

/** A mint asked for more than the declared cap leaves (declared max minus supply, plus one). */
export interface NftOversupplyAttempt {
  readonly selector: string;
  readonly caller: ProbeCaller | { readonly address: Address; readonly role: "anyone"; readonly slot: null };
  readonly requested: bigint;
  readonly callOk: boolean;
  readonly supplyBefore: bigint | null;
  readonly supplyAfter: bigint | null;
}

/** Everything the NFT capability probes saw at the head block, for the domain to turn into flags. */
export interface NftCapabilityEvidence {
  readonly blockNumber: number;
  readonly standard: "erc721" | "erc1155";
  /** owner() (zero address when renounced), null without owner(). */
  readonly owner: Address | null;
  readonly callers: readonly ProbeCaller[];
  /** The fresh address calls named as recipient. */
  readonly recipient: Address;
  /** Null when no item exists that a non-candidate holds: burns, moves and metadata were not measured. */
  readonly sample: NftSample | null;
  /** tokenURI/uri of the sample answered before any call (metadata changes were measurable). */
  readonly sampleUriRead: boolean;
  readonly probedSelectors: readonly string[];
  /** Dispatched non-standard selectors left out by the cap. */
  readonly skippedSelectors: number;
  /** Attempts where either the candidate or the stranger changed a reading (the rest had no effect). */
  readonly attempts: readonly NftAttempt[];
  /** maxSupply()-style getter and its value, when one answered. */
  readonly maxSupply: { readonly getter: string; readonly value: bigint } | null;
  /** Null when not tried (no cap declared, no mint found, or the cap is too far to reach in one call). */
  readonly oversupply: readonly NftOversupplyAttempt[] | null;
  /** The proxy's implementation was probed: its code can be replaced, so "frozen" is never claimed. */
  readonly upgradeable: boolean;
  /** What could not be probed, and why. */
  readonly gaps: readonly string[];
}
