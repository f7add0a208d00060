import type { Address } from "../../../../../src/domain/chain/address";
import type { ProbeCaller } from "../../../../../src/domain/scoring/profiles/capabilities";
import type {
  NftAttempt,
  NftCapabilityEvidence,
  NftReadings,
} from "../../../../../src/domain/scoring/profiles/nft-capabilities";
import { addr } from "./builders";

export const OWNER = addr(0x0a11);
export const HOLDER = addr(0x401d);
export const RECIPIENT = addr(0x5eed);
export const STRANGER = addr(0x57a6);
export const SAMPLE_ID = 7n;
export const ownerCaller: ProbeCaller = { address: OWNER, role: "owner", slot: null };

/** A collection of 10 items, the sample (id 7) held by HOLDER, URI "a". */
export function readings(overrides: Partial<NftReadings> = {}): NftReadings {
  return {
    totalSupply: 10n,
    sampleOwner: HOLDER,
    holderBalance: 1n,
    recipientBalance: 0n,
    callerBalance: 0n,
    uriHash: "0xaa",
    ...overrides,
  };
}

/** A call as the owner with `after`, and the same call from a stranger with `strangerAfter` (unchanged by default). */
export function attempt(
  after: Partial<NftReadings>,
  strangerAfter: Partial<NftReadings> | null = {},
  selector = "0x12345678",
): NftAttempt {
  return {
    selector,
    layout: "(sample id, recipient)",
    caller: ownerCaller,
    callOk: true,
    before: readings(),
    after: readings(after),
    stranger:
      strangerAfter === null
        ? null
        : { address: STRANGER, callOk: true, before: readings(), after: readings(strangerAfter) },
  };
}

/** Probes that ran in full and found nothing: no sample URI read, so no "frozen" claim either. */
export function probedNothing(overrides: Partial<NftCapabilityEvidence> = {}): NftCapabilityEvidence {
  return {
    blockNumber: 100,
    standard: "erc721",
    owner: OWNER,
    callers: [ownerCaller],
    recipient: RECIPIENT,
    sample: { tokenId: SAMPLE_ID, holder: HOLDER },
    sampleUriRead: false,
    probedSelectors: ["0x12345678"],
    skippedSelectors: 0,
    attempts: [],
    maxSupply: null,
    oversupply: null,
    upgradeable: false,
    gaps: [],
    ...overrides,
  };
}

export const anyone = (address: Address) => ({ address, role: "anyone" as const, slot: null });
