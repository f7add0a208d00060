import { addressAt, wordAt } from "../chain/abi-words";
import type { Address } from "../chain/address";
import type { ChainTime, EventLog, Hex, TxReceipt } from "../chain/chain-types";
import type { TransferProof } from "./payment-proof";
import type { PaymentReason } from "./payment-reason";
import { checkExactValue, type PaymentTerms } from "./payment-terms";

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer event topic. */
export const ERC20_TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** keccak256("AuthorizationUsed(address,bytes32)"): an EIP-3009 authorization was spent in this transaction. */
export const AUTHORIZATION_USED_TOPIC = "0x98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a5";
/** `transfer(address,uint256)` and `transferFrom(address,address,uint256)` selectors. */
const TRANSFER_SELECTOR = "0xa9059cbb";
const TRANSFER_FROM_SELECTOR = "0x23b872dd";

/**
 * One inclusive bound for both sides: a transfer proof is valid while `now - blockTimestamp <=
 * maxAge`, and the ledger (which frees a key once `expiresAt <= now`) holds it until one second
 * after that, so no instant exists where a proof still passes and its key is already free.
 */
export function transferStillValid(now: ChainTime, blockTimestamp: ChainTime, maxAgeSeconds: number): boolean {
  return now - blockTimestamp <= maxAgeSeconds;
}

export function transferReplayableUntil(blockTimestamp: ChainTime, maxAgeSeconds: number): ChainTime {
  return blockTimestamp + maxAgeSeconds + 1;
}

/** The plain ERC-20 call a transfer proof must be: who pays, to whom, how much, and the commitment. */
interface PlainTransferCall {
  readonly payer: Address;
  readonly recipient: Address;
  readonly amount: bigint;
  readonly commitment: string;
}

/**
 * `transfer(to, amount)` by its sender, or `transferFrom(from, to, amount)` sent by `from`
 * itself, followed by one 32-byte commitment word (empty when missing) and nothing else.
 */
export function plainTransferCall(input: Hex, sender: Address): PlainTransferCall | null {
  const data = input.toLowerCase();
  const body = `0x${data.slice(10)}`;
  const word = (i: number) => data.slice(10 + i * 64, 10 + (i + 1) * 64);
  const words = (data.length - 10) / 64;
  if (data.startsWith(TRANSFER_SELECTOR) && (words === 2 || words === 3)) {
    const recipient = addressAt(body, 0);
    const amount = wordAt(body, 1);
    if (recipient === null || amount === null) return null;
    return { payer: sender, recipient, amount, commitment: word(2) };
  }
  if (data.startsWith(TRANSFER_FROM_SELECTOR) && (words === 3 || words === 4)) {
    const from = addressAt(body, 0);
    const recipient = addressAt(body, 1);
    const amount = wordAt(body, 2);
    if (from === null || recipient === null || amount === null || from !== sender) return null;
    return { payer: from, recipient, amount, commitment: word(3) };
  }
  return null;
}

/** What a verifier read from the chain about one transfer proof. */
export interface TransferEvidence {
  /** Head block timestamp. */
  readonly now: ChainTime;
  /** null when the node knows no mined transaction by that hash. */
  readonly receipt: TxReceipt | null;
  readonly blockTimestamp: ChainTime | null;
  /** The transaction's calldata. */
  readonly input: Hex | null;
}

export type TransferVerdict =
  | { readonly ok: true; readonly payer: Address; readonly value: bigint; readonly replayableUntil: ChainTime }
  | { readonly ok: false; readonly reason: PaymentReason };

interface TransferLog {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
}

function asTransfer(log: EventLog, asset: Address): TransferLog | null {
  const [topic, from, to] = log.topics;
  if (log.address !== asset || topic !== ERC20_TRANSFER_TOPIC || from === undefined || to === undefined) return null;
  if (!/^0x[0-9a-f]{1,64}$/.test(log.data)) return null;
  const address = (word: string) => `0x${word.slice(-40)}` as Address;
  return { from: address(from), to: address(to), value: BigInt(log.data) };
}

/**
 * A transfer pays when it is a plain ERC-20 transfer call by the payer to the asset (never a
 * settlement of an EIP-3009 authorization: that money already bought its answer under the
 * authorization's key), succeeded, moved exactly the price to the payee, is recent enough, and
 * its calldata ends with keccak256(nonce): only the payer knows the nonce until they present it,
 * so someone who merely saw the transaction cannot spend it first.
 */
export function checkTransfer(
  proof: TransferProof,
  terms: PaymentTerms,
  evidence: TransferEvidence,
  keccak256: (data: Hex) => Hex,
): TransferVerdict {
  const { receipt, blockTimestamp, input, now } = evidence;
  if (receipt === null || blockTimestamp === null) return { ok: false, reason: "invalid_transfer_not_found" };
  if (!receipt.success) return { ok: false, reason: "invalid_transfer_reverted" };
  if (receipt.logs.some((log) => log.topics[0] === AUTHORIZATION_USED_TOPIC))
    return { ok: false, reason: "invalid_transfer_not_plain" };
  const call = input === null || receipt.to !== terms.asset ? null : plainTransferCall(input, receipt.from);
  if (call === null) return { ok: false, reason: "invalid_transfer_not_plain" };
  if (call.recipient !== terms.payTo) return { ok: false, reason: "invalid_transfer_recipient_mismatch" };
  // The call's own Transfer log proves the money moved (a token may emit others; only this one counts).
  const moved = receipt.logs
    .map((log) => asTransfer(log, terms.asset))
    .some((t) => t !== null && t.from === call.payer && t.to === terms.payTo && t.value === call.amount);
  if (!moved) return { ok: false, reason: "invalid_transfer_recipient_mismatch" };
  const valueReason = checkExactValue(call.amount, terms);
  if (valueReason !== null) return { ok: false, reason: valueReason };
  if (!transferStillValid(now, blockTimestamp, terms.transferMaxAgeSeconds))
    return { ok: false, reason: "invalid_transfer_expired" };
  if (call.commitment !== keccak256(proof.nonce).slice(2).toLowerCase())
    return { ok: false, reason: "invalid_transfer_nonce" };
  return {
    ok: true,
    payer: call.payer,
    value: call.amount,
    replayableUntil: transferReplayableUntil(blockTimestamp, terms.transferMaxAgeSeconds),
  };
}
