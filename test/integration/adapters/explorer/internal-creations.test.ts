import { expect } from "chai";
import nock from "nock";
import { InternalCreationFinder } from "../../../../src/adapters/explorer/local-index/internal-creations";
import type { IndexedBlock } from "../../../../src/adapters/explorer/local-index/indexed-block";
import { JsonRpcClient } from "../../../../src/adapters/shared/json-rpc-client";
import { asAddress } from "../../../../src/domain/chain/address";
import type { TxHash } from "../../../../src/domain/chain/chain-types";

const NODE = "http://node.fixture.test";
const EOA = asAddress("0xc11a9a63efde86d83f7719f6ecffdd60ea779acf");
const FACTORY = asAddress("0xd04ea9e0822f0725eb28d3e9cd9f080e6ccdce33");
const PAIR = asAddress("0xed1c12fa757723e821587e0340c18a31bc0d79f1");
const ROLLED_BACK = asAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3");
const CREATE_PAIR_TX = "0x7a46e4f67022d27096927081526b2f4ad55e4b18aad704e6babc4deaf3c3202f" as TxHash;
const FAILED_CALL_TX = "0x6607684d0cc7059a852fa1bcda5cb02b1ad9f73a28d38758e0442cfb22c637d2" as TxHash;

/** Block 0x2a: alice's createPair (the factory CREATE2s the pair), then a call whose inner CREATE reverted. */
const block: IndexedBlock = {
  number: 42,
  timestamp: 1_778_284_920,
  transactions: [CREATE_PAIR_TX, FAILED_CALL_TX].map((hash) => ({
    hash,
    blockNumber: 42,
    timestamp: 1_778_284_920,
    from: EOA,
    to: FACTORY,
    value: 0n,
    selector: "0xc9c65396",
    success: true,
  })),
  transfers: [],
  creations: [],
  activity: { number: 42, hash: "0x01", parentHash: "0x00", timestamp: 1_778_284_920, transactions: [], logs: [] },
};

/** geth 1.14 debug_traceBlockByNumber(..., {tracer: "callTracer"}), bytecode shortened. */
const GETH_TRACE = [
  {
    txHash: CREATE_PAIR_TX,
    result: {
      from: EOA,
      gas: "0x2dc6c0",
      gasUsed: "0x2a4e3c",
      to: FACTORY,
      input:
        "0xc9c65396000000000000000000000000000000000000000000000000000000000000a11ce0000000000000000000000000000000000000000000000000000000000000b0b",
      output: `0x000000000000000000000000${PAIR.slice(2)}`,
      calls: [
        {
          from: FACTORY,
          gas: "0x2a0f7e",
          gasUsed: "0x25853c",
          to: PAIR,
          input: "0x60806040",
          output: "0x60806040",
          value: "0x0",
          type: "CREATE2",
        },
        { from: FACTORY, gas: "0x4a9c2", gasUsed: "0xb3ee", to: PAIR, input: "0x485cc955", value: "0x0", type: "CALL" },
      ],
      value: "0x0",
      type: "CALL",
    },
  },
  {
    txHash: FAILED_CALL_TX,
    result: {
      from: EOA,
      gas: "0x7a120",
      gasUsed: "0x1d4c0",
      to: FACTORY,
      input: "0x12345678",
      calls: [
        {
          from: FACTORY,
          gas: "0x61a80",
          gasUsed: "0x61a80",
          to: "0x9a676e781a523b5d0c0e43731313a708cb607508",
          input: "0x87654321",
          error: "execution reverted",
          type: "CALL",
          value: "0x0",
          calls: [
            {
              from: "0x9a676e781a523b5d0c0e43731313a708cb607508",
              gas: "0x5a550",
              gasUsed: "0x5208",
              to: ROLLED_BACK,
              input: "0x6080",
              value: "0x0",
              type: "CREATE",
            },
          ],
        },
      ],
      value: "0x0",
      type: "CALL",
    },
  },
];

/** Erigon trace_block for the same block (the block reward trace has no transaction). */
const PARITY_TRACE = [
  {
    action: { from: EOA, callType: "call", gas: "0x2dc6c0", input: "0xc9c65396", to: FACTORY, value: "0x0" },
    blockHash: "0x01",
    blockNumber: 42,
    result: { gasUsed: "0x2a4e3c", output: "0x" },
    subtraces: 2,
    traceAddress: [],
    transactionHash: CREATE_PAIR_TX,
    transactionPosition: 0,
    type: "call",
  },
  {
    action: { from: FACTORY, gas: "0x2a0f7e", init: "0x60806040", value: "0x0" },
    blockHash: "0x01",
    blockNumber: 42,
    result: { address: PAIR, code: "0x6080", gasUsed: "0x25853c" },
    subtraces: 0,
    traceAddress: [0],
    transactionHash: CREATE_PAIR_TX,
    transactionPosition: 0,
    type: "create",
  },
  {
    action: { from: EOA, callType: "call", gas: "0x7a120", input: "0x12345678", to: FACTORY, value: "0x0" },
    blockHash: "0x01",
    blockNumber: 42,
    result: { gasUsed: "0x1d4c0", output: "0x" },
    subtraces: 1,
    traceAddress: [],
    transactionHash: FAILED_CALL_TX,
    transactionPosition: 1,
    type: "call",
  },
  {
    action: {
      from: FACTORY,
      callType: "call",
      gas: "0x61a80",
      input: "0x87654321",
      to: "0x9a676e781a523b5d0c0e43731313a708cb607508",
      value: "0x0",
    },
    blockHash: "0x01",
    blockNumber: 42,
    error: "Reverted",
    result: null,
    subtraces: 1,
    traceAddress: [0],
    transactionHash: FAILED_CALL_TX,
    transactionPosition: 1,
    type: "call",
  },
  {
    action: { from: "0x9a676e781a523b5d0c0e43731313a708cb607508", gas: "0x5a550", init: "0x6080", value: "0x0" },
    blockHash: "0x01",
    blockNumber: 42,
    result: { address: ROLLED_BACK, code: "0x6080", gasUsed: "0x5208" },
    subtraces: 0,
    traceAddress: [0, 0],
    transactionHash: FAILED_CALL_TX,
    transactionPosition: 1,
    type: "create",
  },
  {
    action: { author: "0x0000000000000000000000000000000000000000", rewardType: "block", value: "0x0" },
    blockHash: "0x01",
    blockNumber: 42,
    result: null,
    subtraces: 0,
    traceAddress: [],
    transactionHash: null,
    transactionPosition: null,
    type: "reward",
  },
];

interface Call {
  readonly id: number;
  readonly method: string;
}

/** A node that answers each JSON-RPC call (single or batched) by method; a method it lacks is -32601. */
function node(answers: Record<string, unknown>): void {
  const answer = ({ id, method }: Call) =>
    method in answers
      ? { jsonrpc: "2.0", id, result: answers[method] }
      : {
          jsonrpc: "2.0",
          id,
          error: { code: -32601, message: `the method ${method} does not exist/is not available` },
        };
  nock(NODE)
    .persist()
    .post("/")
    .reply(200, (_uri, body) => (Array.isArray(body) ? (body as Call[]).map(answer) : answer(body as Call)));
}

const finder = () =>
  new InternalCreationFinder(new JsonRpcClient({ url: NODE, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }));

const pairCreation = {
  contract: PAIR,
  creator: FACTORY,
  origin: EOA,
  txHash: CREATE_PAIR_TX,
  blockNumber: 42,
  timestamp: 1_778_284_920,
};

describe("InternalCreationFinder: contracts made inside transactions, from the node's traces", () => {
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("prefers geth's callTracer, and keeps no creation whose frame or an ancestor reverted", async () => {
    node({ debug_traceBlockByNumber: GETH_TRACE, trace_block: PARITY_TRACE });
    const creations = finder();
    expect(await creations.probe(42)).to.equal("callTracer");
    const [indexed] = await creations.addTo([block]);
    expect(indexed?.creations).to.deep.equal([pairCreation]);
  });

  it("falls back to trace_block where the debug namespace is not served", async () => {
    node({ trace_block: PARITY_TRACE });
    const creations = finder();
    expect(await creations.probe(42)).to.equal("parityTrace");
    const [indexed] = await creations.addTo([block]);
    expect(indexed?.creations).to.deep.equal([pairCreation]);
  });

  it("falls back to factory events where neither trace is served", async () => {
    node({});
    const creations = finder();
    expect(await creations.probe(42)).to.equal("factoryLogs");
    // No PairCreated in this block's logs: nothing is claimed, so nothing is recorded.
    expect((await creations.addTo([block]))[0]?.creations).to.deep.equal([]);
  });
});
