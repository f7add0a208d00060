import { AbiCoder, Interface } from "ethers";
import { type Address, ZERO_ADDRESS, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { NftReadings, NftSample } from "../../domain/scoring/profiles/nft-capabilities";
import { asHex } from "../shared/hex-values";

export const NFT_PROBE_ABI = new Interface([
  "function tryAll(address nft, bytes[] calls, bytes[] reads, uint256 gasPerCall) returns (uint256[] before, bytes[] results)",
]);
const VIEWS = new Interface([
  "function totalSupply() view returns (uint256)",
  "function totalSupply(uint256 id) view returns (uint256)",
  "function ownerOf(uint256 id) view returns (address)",
  "function balanceOf(address owner) view returns (uint256)",
  "function balanceOf(address owner, uint256 id) view returns (uint256)",
  "function tokenURI(uint256 id) view returns (string)",
  "function uri(uint256 id) view returns (string)",
]);

/**
 * Functions every ERC-721 / ERC-1155 (and Ownable) has, whose effect is the standard one: transfers by the holder
 * or an approved operator, approvals, views, ownership hand-over. Calling them as a candidate proves nothing.
 */
export const NFT_STANDARD_SELECTORS = new Set<string>([
  "23b872dd", // transferFrom
  "42842e0e", // safeTransferFrom(address,address,uint256)
  "b88d4fde", // safeTransferFrom(address,address,uint256,bytes)
  "f242432a", // safeTransferFrom(address,address,uint256,uint256,bytes)
  "2eb2c2d6", // safeBatchTransferFrom
  "095ea7b3", // approve
  "a22cb465", // setApprovalForAll
  "081812fc", // getApproved
  "e985e9c5", // isApprovedForAll
  "6352211e", // ownerOf
  "70a08231", // balanceOf
  "00fdd58e", // balanceOf(address,uint256)
  "4e1273f4", // balanceOfBatch
  "c87b56dd", // tokenURI
  "0e89341c", // uri
  "06fdde03", // name
  "95d89b41", // symbol
  "18160ddd", // totalSupply
  "bd85b039", // totalSupply(uint256)
  "4f6ccce7", // tokenByIndex
  "2f745c59", // tokenOfOwnerByIndex
  "01ffc9a7", // supportsInterface
  "8da5cb5b", // owner
  "e30c3978", // pendingOwner
  "f2fde38b", // transferOwnership
  "715018a6", // renounceOwnership
  "79ba5097", // acceptOwnership
  "2a55205a", // royaltyInfo
  "e8a3d485", // contractURI
]);

/** Declared caps, in the order they are believed: the first that answers a non-zero word is the cap. */
export const MAX_SUPPLY_GETTERS: readonly (readonly [string, Hex])[] = [
  ["maxSupply()", asHex("0xd5abeb01")],
  ["MAX_SUPPLY()", asHex("0x32cb6b0c")],
  ["maxTokens()", asHex("0xe8315742")],
  ["MAX_TOKENS()", asHex("0xf47c84c5")],
  ["cap()", asHex("0x355274ea")],
];

/** The text given to URI setters: recognisable in a trace, and unlike any real URI. */
const PROBE_TEXT = "ipfs://credence-probe/";
const coder = AbiCoder.defaultAbiCoder();
const word = (value: bigint | Address): string =>
  (typeof value === "bigint" ? value.toString(16) : value.slice(2)).padStart(64, "0");

export interface ProbeCall {
  readonly selector: string;
  readonly layout: string;
  readonly data: Hex;
}

/** An id no collection has minted: for mints that take the id to create. */
export const FRESH_ID = 0xc0ffee_0001n;

/**
 * Argument layouts tried for each selector. ABI decoding ignores extra calldata, so (sample id, recipient) serves
 * f(uint256 id) and f(uint256 id, address to), (recipient, 1) serves f(address), f(address,uint256 quantity) and
 * f(address,bool), ([recipient]) a one-address array: f(address[]), the owner's airdrop or "gift" mint. Layouts
 * naming the sample are left out when there is no sample.
 */
export function nftProbeCalls(
  selector: string,
  standard: "erc721" | "erc1155",
  recipient: Address,
  sample: NftSample | null,
): ProbeCall[] {
  const raw = (layout: string, body: string): ProbeCall => ({
    selector: `0x${selector}`,
    layout,
    data: asHex(`0x${selector}${body}`),
  });
  const text = coder.encode(["string"], [PROBE_TEXT]).slice(2);
  const calls = [
    raw("(recipient, 1)", word(recipient) + word(1n)),
    raw("(1)", word(1n)),
    raw("()", ""),
    raw("(text)", text),
    raw("(recipient, fresh id)", word(recipient) + word(FRESH_ID)),
    raw("([recipient])", word(0x20n) + word(1n) + word(recipient)),
  ];
  if (sample === null) return calls;
  const id = sample.tokenId;
  const idText = coder.encode(["uint256", "string"], [id, PROBE_TEXT]).slice(2);
  calls.push(
    raw("(sample id, recipient)", word(id) + word(recipient)),
    raw("(recipient, sample id)", word(recipient) + word(id)),
    raw("(holder, recipient, sample id)", word(sample.holder) + word(recipient) + word(id)),
    raw("(sample id, text)", idText),
  );
  if (standard === "erc1155") {
    const bytesTail = (offset: bigint) => word(offset) + word(0n);
    calls.push(
      raw("(recipient, sample id, 1, bytes)", word(recipient) + word(id) + word(1n) + bytesTail(0x80n)),
      raw("(holder, sample id, 1)", word(sample.holder) + word(id) + word(1n)),
      raw(
        "(holder, recipient, sample id, 1, bytes)",
        word(sample.holder) + word(recipient) + word(id) + word(1n) + bytesTail(0xa0n),
      ),
    );
  }
  return calls;
}

/** Mints asking for `quantity` items: the layouts a quantity mint takes. */
export function oversupplyCalls(selector: string, recipient: Address, quantity: bigint): ProbeCall[] {
  return [
    { selector, layout: `(recipient, ${quantity})`, data: asHex(`${selector}${word(recipient)}${word(quantity)}`) },
    { selector, layout: `(${quantity})`, data: asHex(`${selector}${word(quantity)}`) },
  ];
}

/** The views read before and after each call, in NftReadings order. */
export function nftReads(
  standard: "erc721" | "erc1155",
  sample: NftSample | null,
  recipient: Address,
  caller: Address,
): Hex[] {
  const id = sample?.tokenId ?? FRESH_ID;
  const holder = sample?.holder ?? ZERO_ADDRESS;
  const enc = (fn: string, args: readonly unknown[]): Hex => asHex(VIEWS.encodeFunctionData(fn, args));
  if (standard === "erc721")
    return [
      enc("totalSupply()", []),
      enc("ownerOf", [id]),
      enc("balanceOf(address)", [holder]),
      enc("balanceOf(address)", [recipient]),
      enc("balanceOf(address)", [caller]),
      enc("tokenURI", [id]),
    ];
  return [
    enc("totalSupply(uint256)", [id]),
    enc("ownerOf", [id]),
    enc("balanceOf(address,uint256)", [holder, id]),
    enc("balanceOf(address,uint256)", [recipient, id]),
    enc("balanceOf(address,uint256)", [caller, id]),
    enc("uri", [id]),
  ];
}

/** Three words per read (answered, first word, keccak of the answer) into NftReadings. */
export function decodeReadings(words: readonly bigint[], standard: "erc721" | "erc1155"): NftReadings {
  const answered = (i: number): boolean => words[i * 3] === 1n;
  const value = (i: number): bigint | null => (answered(i) ? (words[i * 3 + 1] ?? 0n) : null);
  const owner = value(1);
  return {
    totalSupply: value(0),
    sampleOwner:
      standard === "erc721" && owner !== null && owner !== 0n && owner >> 160n === 0n
        ? asAddress(`0x${owner.toString(16).padStart(40, "0")}`)
        : null,
    holderBalance: value(2),
    recipientBalance: value(3),
    callerBalance: value(4),
    uriHash: answered(5) ? `0x${(words[17] ?? 0n).toString(16).padStart(64, "0")}` : null,
  };
}

export function tryAllCalldata(
  nft: Address,
  calls: readonly ProbeCall[],
  reads: readonly Hex[],
  gasPerCall: bigint,
): Hex {
  return asHex(NFT_PROBE_ABI.encodeFunctionData("tryAll", [nft, calls.map((c) => c.data), reads, gasPerCall]));
}

export interface AttemptOutcome {
  readonly callOk: boolean;
  /** The call used all the gas it was given: with more it might have gone further (a long loop, or endless). */
  readonly exhausted: boolean;
  readonly before: readonly bigint[];
  readonly after: readonly bigint[];
}

/**
 * One outcome per call (a reverted call reads as unchanged), null where the attempt frame itself failed. Read word by
 * word: tryAll answers (uint256[] before, bytes[] results), each result abi.encode(bool, bool, uint256[]); ethers'
 * coder (type strings parsed per call, a Result object per array) cost a cold batch ~50 ms of main-thread time here.
 * An answer that does not hold together throws, as the coder would.
 */
export function decodeTryAll(data: Hex): (AttemptOutcome | null)[] {
  const abi = new AbiWords(data);
  const before = abi.uintArray(abi.number(0));
  const results = abi.number(32);
  return Array.from({ length: abi.number(results) }, (_, i) => {
    const entry = results + 32 + abi.number(results + 32 + i * 32);
    if (abi.number(entry) === 0) return null;
    const result = entry + 32;
    const ok = abi.bool(result);
    const after = abi.uintArray(result + abi.number(result + 64));
    return { callOk: ok, exhausted: abi.bool(result + 32), before, after: ok ? after : before };
  });
}

/** 32-byte words of ABI-encoded data, read by byte position; reading past the end throws. */
class AbiWords {
  private readonly body: string;

  constructor(data: Hex) {
    this.body = data.slice(2);
  }

  word(at: number): bigint {
    const digits = this.body.slice(at * 2, at * 2 + 64);
    if (digits.length !== 64) throw new Error(`ABI data ends before byte ${at + 32}`);
    return BigInt(`0x${digits}`);
  }

  /** A length or an offset: a number that fits in the data. */
  number(at: number): number {
    const value = this.word(at);
    if (value > BigInt(this.body.length / 2)) throw new Error(`ABI length or offset ${value} beyond the data`);
    return Number(value);
  }

  bool(at: number): boolean {
    const value = this.word(at);
    if (value > 1n) throw new Error(`ABI bool ${value}`);
    return value === 1n;
  }

  uintArray(at: number): bigint[] {
    return Array.from({ length: this.number(at) }, (_, i) => this.word(at + 32 + i * 32));
  }
}
