/**
 * One side of the chain-memory bench, in a process of its own (resident memory is per process): 30 eth_calls of a
 * loop of ~0.9M steps each, as a token whose every transfer loops makes them, on the embedded chain as `npm start`
 * runs it (`embedded`) or on Hardhat's EDR provider with the same settings as Hardhat makes it (`plain`:
 * createChainProvider, no collection after slow requests). Prints one JSON line: peak resident MB, resident MB at the end, median ms per call.
 *
 * Run: npx tsx scripts/bench/chain-memory.child.ts embedded|plain
 */
import { readFileSync } from "node:fs";
import {
  ARC_TESTNET_CHAIN_ID,
  createChainProvider,
  devAccounts,
  startEmbeddedChain,
} from "../../src/dev-world/embedded-chain";

/** Counts down the word it is given (PUSH1 0 CALLDATALOAD; loop: DUP1 ISZERO PUSH1 end JUMPI PUSH1 1 SWAP1 SUB ...). */
const LOOP_CODE = "0x6000355b8015601057600190036003565b00";
const LOOP_ADDRESS = "0x00000000000000000000000000000000000c0de0";
const ITERATIONS = 100_000n;
const CALLS = 30;

const residentMb = (): number =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? "0") / 1024);

const mode = process.argv[2];
if (mode !== "embedded" && mode !== "plain") throw new Error("usage: chain-memory.child.ts embedded|plain");
const chain =
  mode === "embedded"
    ? await startEmbeddedChain({ host: "127.0.0.1", port: 0 }).then((c) => ({
        provider: c.provider,
        close: () => c.close(),
      }))
    : {
        provider: await createChainProvider({ chainId: ARC_TESTNET_CHAIN_ID, accounts: devAccounts(20) }),
        close: async () => {},
      };
let peak = residentMb();
const times: number[] = [];
for (let i = 0; i < CALLS; i++) {
  const data = `0x${(ITERATIONS + BigInt(i)).toString(16).padStart(64, "0")}`;
  const started = performance.now();
  await chain.provider.request({
    method: "eth_call",
    params: [{ to: LOOP_ADDRESS, data, gas: "0x1c9c380" }, "latest", { [LOOP_ADDRESS]: { code: LOOP_CODE } }],
  });
  times.push(performance.now() - started);
  // The next turn, where the embedded chain's collection runs.
  await new Promise((resolve) => setImmediate(resolve));
  peak = Math.max(peak, residentMb());
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ peakMb: peak, endMb: residentMb(), medianCallMs: Math.round(times[CALLS >> 1]!) }));
await chain.close();
process.exit(0);
