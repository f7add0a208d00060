/**
 * A block without transactions as a JSON-RPC node returns it from eth_getBlockByNumber (quantities as hex), for nock
 * fixtures; `at` gives what the test cares about.
 */
export function emptyRpcBlock(at: { number: string; hash: string; parentHash: string; timestamp: string }) {
  return {
    ...at,
    transactions: [],
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    miner: "0x" + "00".repeat(20),
    extraData: "0x",
    baseFeePerGas: "0x1",
    difficulty: "0x0",
    nonce: "0x0000000000000000",
  };
}
