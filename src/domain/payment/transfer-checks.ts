import type { Address } from "../chain/address";
import type { ChainTime, EventLog, Hex, TxReceipt } from "../chain/chain-types";
import type { TransferProof } from "./payment-proof";
import type { PaymentReason } from "./payment-reason";
import type { PaymentTerms } from "./payment-terms";

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 Transfer event topic. */
export const ERC20_TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

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
 * A transfer pays when it succeeded, moved at least the price of the asset to the payee, is
 * recent enough, and its calldata ends with keccak256(nonce): only the payer knows the nonce
 * until they present it, so someone who merely saw the transaction cannot spend it first.
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
  const toPayee = receipt.logs
    .map((log) => asTransfer(log, terms.asset))
    .filter((transfer): transfer is TransferLog => transfer !== null && transfer.to === terms.payTo);
  const first = toPayee[0];
  if (first === undefined) return { ok: false, reason: "invalid_transfer_recipient_mismatch" };
  const value = toPayee.reduce((sum, transfer) => sum + transfer.value, 0n);
  if (value < terms.price) return { ok: false, reason: "invalid_transfer_value" };
  if (now - blockTimestamp > terms.transferMaxAgeSeconds) return { ok: false, reason: "invalid_transfer_expired" };
  const commitment = keccak256(proof.nonce).slice(2).toLowerCase();
  if (input === null || !input.toLowerCase().endsWith(commitment)) return { ok: false, reason: "invalid_transfer_nonce" };
  return { ok: true, payer: first.from, value, replayableUntil: blockTimestamp + terms.transferMaxAgeSeconds };
}
