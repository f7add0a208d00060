import * as t from "io-ts";
import { AddressCodec } from "../../../domain/chain/address";

/** Etherscan-style APIs send every number as a decimal string. */
const DecimalBigInt = new t.Type<bigint, string, unknown>(
  "DecimalBigInt",
  (u): u is bigint => typeof u === "bigint",
  (u, c) =>
    typeof u === "string" && /^\d+$/.test(u) ? t.success(BigInt(u)) : t.failure(u, c, "not a decimal integer string"),
  (b) => b.toString(),
);

const DecimalInt = new t.Type<number, string, unknown>(
  "DecimalInt",
  (u): u is number => typeof u === "number",
  (u, c) =>
    typeof u === "string" && /^\d+$/.test(u) && Number.isSafeInteger(Number(u))
      ? t.success(Number(u))
      : t.failure(u, c, "not a decimal integer"),
  (n) => String(n),
);

const TxHashString = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]{64}$/.test(s), "TxHash");
/** Blockscout writes "" where a transaction has no recipient or created no contract. */
const OptionalAddress = t.union([AddressCodec, t.literal("")]);

/** `{status, message, result}`: status "0" carries both "nothing found" and real errors. */
export const Envelope = t.type({
  status: t.union([t.literal("0"), t.literal("1")]),
  message: t.string,
  result: t.unknown,
});
export type Envelope = t.TypeOf<typeof Envelope>;

export const TxRow = t.intersection([
  t.type({
    blockNumber: DecimalInt,
    timeStamp: DecimalInt,
    hash: TxHashString,
    from: AddressCodec,
    to: OptionalAddress,
    value: DecimalBigInt,
    input: t.string,
    isError: t.string,
    contractAddress: OptionalAddress,
  }),
  t.partial({ txreceipt_status: t.string, methodId: t.string }),
]);
export type TxRow = t.TypeOf<typeof TxRow>;

export const TokenTransferRow = t.intersection([
  t.type({
    blockNumber: DecimalInt,
    timeStamp: DecimalInt,
    hash: TxHashString,
    from: AddressCodec,
    to: AddressCodec,
    contractAddress: AddressCodec,
    logIndex: DecimalInt,
  }),
  t.partial({
    /** ERC-20 amount. */
    value: DecimalBigInt,
    /** ERC-721 id, and ERC-1155 id of a single transfer. */
    tokenID: DecimalBigInt,
    /** ERC-1155 amount of a single transfer. */
    tokenValue: DecimalBigInt,
    /** ERC-1155 batch transfers, as older Blockscout versions list them. */
    tokenIDs: t.array(DecimalBigInt),
    values: t.array(DecimalBigInt),
  }),
]);
export type TokenTransferRow = t.TypeOf<typeof TokenTransferRow>;

export const HolderRow = t.type({ address: AddressCodec, value: DecimalBigInt });
export type HolderRow = t.TypeOf<typeof HolderRow>;

export const CreationRow = t.intersection([
  t.type({ contractAddress: AddressCodec, contractCreator: AddressCodec, txHash: TxHashString }),
  t.partial({ blockNumber: DecimalInt, timestamp: DecimalInt }),
]);
export type CreationRow = t.TypeOf<typeof CreationRow>;
