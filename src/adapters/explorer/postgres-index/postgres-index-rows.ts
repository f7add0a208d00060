import { asAddress } from "../../../domain/chain/address";
import type {
  ChainTransaction,
  TokenHolding,
  TokenStandard,
  TokenTransfer,
  TxHash,
} from "../../../domain/chain/chain-types";

/** Rows as the index's SELECTs return them (numerics and bigints as text), mapped to domain values. */
export interface TransactionRow {
  block_number: string;
  hash: string;
  ts: string;
  from_address: string;
  to_address: string | null;
  value: string;
  selector: string;
  success: boolean;
  contract_created: string | null;
}

export interface TransferRow {
  block_number: string;
  log_index: number;
  tx_hash: string;
  ts: string;
  standard: string;
  token: string;
  from_address: string;
  to_address: string;
  value: string;
  token_id: string | null;
}

export const TRANSACTION_COLUMNS =
  "block_number::text, hash, ts::text, from_address, to_address, value::text, selector, success, contract_created";
export const TRANSFER_COLUMNS =
  "block_number::text, log_index, tx_hash, ts::text, standard, token, from_address, to_address, value::text, token_id::text";

export function toTransaction(row: TransactionRow): ChainTransaction {
  return {
    hash: row.hash as TxHash,
    blockNumber: Number(row.block_number),
    timestamp: Number(row.ts),
    from: asAddress(row.from_address),
    to: row.to_address === null ? null : asAddress(row.to_address),
    value: BigInt(row.value),
    selector: row.selector,
    success: row.success,
    ...(row.contract_created === null ? {} : { contractCreated: asAddress(row.contract_created) }),
  };
}

const STANDARDS: readonly string[] = ["ERC20", "ERC721", "ERC1155"];

export function toTransfer(row: TransferRow): TokenTransfer {
  if (!STANDARDS.includes(row.standard)) throw new Error(`indexed transfer with standard ${row.standard}`);
  return {
    standard: row.standard as TokenStandard,
    token: asAddress(row.token),
    from: asAddress(row.from_address),
    to: asAddress(row.to_address),
    value: BigInt(row.value),
    ...(row.token_id === null ? {} : { tokenId: BigInt(row.token_id) }),
    txHash: row.tx_hash as TxHash,
    logIndex: row.log_index,
    blockNumber: Number(row.block_number),
    timestamp: Number(row.ts),
  };
}

export function toHolding(row: { holder: string; balance: string }): TokenHolding {
  return { holder: asAddress(row.holder), balance: BigInt(row.balance) };
}
