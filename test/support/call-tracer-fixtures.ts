import { AbiCoder, id } from "ethers";

/**
 * debug_traceCall answers with `{tracer: "callTracer", tracerConfig: {withLog: true}}` as geth (>= 1.14) prints
 * them (eth/tracers/native/call.go, gen_callframe_json.go): fields in geth's order, quantities as hex, `to` absent
 * only for a failed CREATE, `value` absent on STATICCALL, each log's `position` the number of sub-calls its frame had
 * made when it was emitted, and the logs of failed frames already cleared (geth's clearFailedLogs). Reth prints the
 * same fields.
 */
export const SWAPPER = "0x6b4bd3e5a8f8ef1dd2a44f7d4e2b3a4c1d0e9f01";
export const ROUTER = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
export const USDC = "0x3600000000000000000000000000000000000000";
export const TOKEN = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
export const PAIR = "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0";
export const CATCHER = "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9";
export const INNER = "0xdc64a140aa3e981100a9beca4e685f962f0cf6c9";
export const PAYEE = "0x0000000000000000000000000000000000c0ffee";

export const TRANSFER = id("Transfer(address,address,uint256)");
export const APPROVAL = id("Approval(address,address,uint256)");
export const SYNC = id("Sync(uint112,uint112)");
export const SWAP = id("Swap(address,uint256,uint256,uint256,uint256,address)");
export const BEFORE = id("Before()");
export const INSIDE = id("Inside()");
export const AFTER = id("After()");

export const word = (value: string | bigint): string =>
  `0x${(typeof value === "bigint" ? value.toString(16) : value.replace(/^0x/, "")).toLowerCase().padStart(64, "0")}`;
const words = (...values: (string | bigint)[]) => `0x${values.map((v) => word(v).slice(2)).join("")}`;
const q = (n: number | bigint) => `0x${n.toString(16)}`;

/** approve(ROUTER, 2^256-1) on USDC by the swapper. */
export function approveAnswer(): object {
  const max = 2n ** 256n - 1n;
  return {
    from: SWAPPER,
    gas: q(29_976_744),
    gasUsed: q(46_196),
    to: USDC,
    input: `0x095ea7b3${word(ROUTER).slice(2)}${word(max).slice(2)}`,
    output: word(1n),
    logs: [{ address: USDC, topics: [APPROVAL, word(SWAPPER), word(ROUTER)], data: word(max), position: "0x0" }],
    value: "0x0",
    type: "CALL",
  };
}

/**
 * swapExactTokensForTokens through a Uniswap V2 router: USDC.transferFrom(swapper -> pair), then pair.swap, which
 * transfers the token out, reads both balances (STATICCALL) and emits Sync and Swap after those three calls.
 */
export function swapAnswer(): object {
  return {
    from: SWAPPER,
    gas: q(29_970_000),
    gasUsed: q(112_345),
    to: ROUTER,
    input: "0x38ed1739",
    output: words(64n, 2n, 50_000_000n, 4_975_000n),
    calls: [
      {
        from: ROUTER,
        gas: q(29_500_000),
        gasUsed: q(30_000),
        to: USDC,
        input: "0x23b872dd",
        output: word(1n),
        logs: [
          { address: USDC, topics: [TRANSFER, word(SWAPPER), word(PAIR)], data: word(50_000_000n), position: "0x0" },
        ],
        value: "0x0",
        type: "CALL",
      },
      {
        from: ROUTER,
        gas: q(29_400_000),
        gasUsed: q(70_000),
        to: PAIR,
        input: "0x022c0d9f",
        calls: [
          {
            from: PAIR,
            gas: q(29_000_000),
            gasUsed: q(30_000),
            to: TOKEN,
            input: "0xa9059cbb",
            output: word(1n),
            logs: [
              {
                address: TOKEN,
                topics: [TRANSFER, word(PAIR), word(SWAPPER)],
                data: word(4_975_000n),
                position: "0x0",
              },
            ],
            value: "0x0",
            type: "CALL",
          },
          {
            from: PAIR,
            gas: q(28_000_000),
            gasUsed: q(2_500),
            to: USDC,
            input: "0x70a08231",
            output: word(9n),
            type: "STATICCALL",
          },
          {
            from: PAIR,
            gas: q(27_900_000),
            gasUsed: q(2_500),
            to: TOKEN,
            input: "0x70a08231",
            output: word(8n),
            type: "STATICCALL",
          },
        ],
        logs: [
          { address: PAIR, topics: [SYNC], data: words(9n, 8n), position: "0x3" },
          {
            address: PAIR,
            topics: [SWAP, word(ROUTER), word(SWAPPER)],
            data: words(50_000_000n, 0n, 0n, 4_975_000n),
            position: "0x3",
          },
        ],
        value: "0x0",
        type: "CALL",
      },
    ],
    value: "0x0",
    type: "CALL",
  };
}

/**
 * Catcher.run{value: 3}: emits Before, calls Inner (which pays PAYEE 1 wei, emits Inside and reverts; caught), pays
 * PAYEE 2 wei, emits After. `keepFailedLogs`: a client that does not clear the failed frame's logs as geth does.
 */
export function caughtRevertAnswer(keepFailedLogs = false): object {
  return {
    from: SWAPPER,
    gas: q(29_970_000),
    gasUsed: q(60_000),
    to: CATCHER,
    input: "0xc0406226",
    calls: [
      {
        from: CATCHER,
        gas: q(29_000_000),
        gasUsed: q(12_000),
        to: INNER,
        input: "0x6b59084d",
        output: `0x08c379a0${AbiCoder.defaultAbiCoder().encode(["string"], ["inner says no"]).slice(2)}`,
        error: "execution reverted",
        revertReason: "inner says no",
        calls: [{ from: INNER, gas: q(2_300), gasUsed: q(0), to: PAYEE, input: "0x", value: "0x1", type: "CALL" }],
        ...(keepFailedLogs ? { logs: [{ address: INNER, topics: [INSIDE], data: "0x", position: "0x1" }] } : {}),
        value: "0x0",
        type: "CALL",
      },
      { from: CATCHER, gas: q(2_300), gasUsed: q(0), to: PAYEE, input: "0x", value: "0x2", type: "CALL" },
    ],
    logs: [
      { address: CATCHER, topics: [BEFORE], data: "0x", position: "0x0" },
      { address: CATCHER, topics: [AFTER], data: "0x", position: "0x2" },
    ],
    value: "0x3",
    type: "CALL",
  };
}

/** Probe.fails(): revert("nope, not today") at the top. */
export function topRevertAnswer(): object {
  return {
    from: SWAPPER,
    gas: q(29_978_000),
    gasUsed: q(21_620),
    to: INNER,
    input: "0xa9cc4718",
    output: `0x08c379a0${AbiCoder.defaultAbiCoder().encode(["string"], ["nope, not today"]).slice(2)}`,
    error: "execution reverted",
    revertReason: "nope, not today",
    value: "0x0",
    type: "CALL",
  };
}

/** The adapter's probe (a state-override contract that logs once), answered by a node that serves withLog. */
export function probeAnswer(withLog = true): object {
  const probe = "0x00000000000000000000000000000000ca11ab1e";
  return {
    from: "0x0000000000000000000000000000000000000000",
    gas: q(50_000_000),
    gasUsed: q(21_381),
    to: probe,
    input: "0x",
    ...(withLog ? { logs: [{ address: probe, topics: [], data: "0x", position: "0x0" }] } : {}),
    value: "0x0",
    type: "CALL",
  };
}

/** geth's answer to a tracer it does not know. */
export const TRACER_NOT_FOUND = { code: -32000, message: "tracer not found" };
