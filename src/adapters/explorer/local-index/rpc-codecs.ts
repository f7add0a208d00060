import * as t from "io-ts";

/** What JSON-RPC nodes send back, checked once here so the indexer can trust its inputs. */
const HexString = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]*$/.test(s), "HexString");

export const RpcTransaction = t.intersection([
  t.type({ hash: HexString, from: HexString, value: HexString, input: HexString }),
  // Creations carry `to: null` on most nodes; some leave the field out.
  t.partial({ to: t.union([HexString, t.null]) }),
]);
export type RpcTransaction = t.TypeOf<typeof RpcTransaction>;

export const RpcBlock = t.intersection([
  t.type({
    number: HexString,
    hash: HexString,
    timestamp: HexString,
    transactions: t.array(RpcTransaction),
  }),
  t.partial({ parentHash: HexString }),
]);
export type RpcBlock = t.TypeOf<typeof RpcBlock>;

export const RpcLog = t.type({
  address: HexString,
  topics: t.array(HexString),
  data: HexString,
  logIndex: HexString,
  transactionHash: HexString,
});
export type RpcLog = t.TypeOf<typeof RpcLog>;

export const RpcReceipt = t.intersection([
  t.type({ transactionHash: HexString, logs: t.array(RpcLog) }),
  // Pre-Byzantium receipts have no status; only creations have a contract address.
  t.partial({ status: t.union([HexString, t.null]), contractAddress: t.union([HexString, t.null]) }),
]);
export type RpcReceipt = t.TypeOf<typeof RpcReceipt>;
