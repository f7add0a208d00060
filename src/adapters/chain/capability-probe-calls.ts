import { Interface } from "ethers";
import { type Address, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { HolderEffects, PayeeReceipts } from "../../domain/scoring/profiles/capabilities";
import { asHex } from "../shared/hex-values";
import { TRADE_GAS } from "./sell-simulator-calls";

/**
 * Gas one probed call may burn: more than a trade's (a privileged function may swap the fees the contract collected,
 * pay dividends or airdrop to a list), far less than the node's cap, which a function that loops would otherwise spend
 * in every one of a score's several hundred probes.
 */
export const PROBED_CALL_GAS = 10_000_000n;

export const PROBE_ABI = new Interface([
  "function privileged(address token, bytes[] calls, address target, address other, address pair, uint256 amount, address recipient, address payee, uint256[2] gas) returns (uint256[22] r)",
  "function twice(address seller, address token, address pair, uint256 amount, uint256 tradeGas) returns (uint256[4] r)",
  "function again(address token, bytes first, bytes second, uint256 callGas) returns (uint256[4] r)",
]);

/**
 * Functions every ERC-20 has, whose effect is the standard one (transfers, approvals, views) or ownership
 * hand-over by the owner itself: calling them as the owner proves nothing about hidden powers.
 */
export const STANDARD_SELECTORS = new Set<string>([
  "a9059cbb", // transfer
  "23b872dd", // transferFrom
  "095ea7b3", // approve
  "06fdde03", // name
  "95d89b41", // symbol
  "313ce567", // decimals
  "18160ddd", // totalSupply
  "70a08231", // balanceOf
  "dd62ed3e", // allowance
  "8da5cb5b", // owner
  "e30c3978", // pendingOwner
  "39509351", // increaseAllowance
  "a457c2d7", // decreaseAllowance
  "d505accf", // permit
  "7ecebe00", // nonces
  "3644e515", // DOMAIN_SEPARATOR
  "f2fde38b", // transferOwnership
  "715018a6", // renounceOwnership
  "79ba5097", // acceptOwnership
  "01ffc9a7", // supportsInterface
]);

/** A fee-like number (25% in basis points) and a flag (true / 1) for one-argument setters. */
const FEE_LIKE = 2_500n;

/**
 * Fee rates written in percent (10, 25) or per mille (250) rather than basis points. A setter taking percent turns the
 * basis-point value, or an address read as a number, into a fee over 100% that makes every transfer revert (it looks
 * like a pause); a setter with a cap (at most 20%, at most 25%) refuses them. Tried only on a function whose call
 * already moved the sell tax or stopped transfers, so the probe reports the fee it can set.
 */
const FEE_RATES = [10n, 25n, 250n];

const word = (value: bigint | Address): string =>
  (typeof value === "bigint" ? value.toString(16) : value.slice(2)).padStart(64, "0");

/**
 * Argument layouts tried for each selector. ABI decoding ignores extra calldata, so [holder, 1] serves
 * f(address), f(address,bool) and f(address,uint256); [payee, payee] serves f(address) and f(address,address) naming
 * an address nothing else knows (a fee wallet setter: see the probe's `payee`); [2500] serves f(uint256) as a fee;
 * [1] serves f(bool);
 * no arguments serves f(); [0] serves f(false) and f(0): trading switched off again (`openTrading(false)`), a
 * max transaction of nothing. A one-holder array [offset 0x40, 1 | length 1, holder] serves f(address[]) (which reads
 * the offset and skips the flag), f(address[],bool) and f(address[],uint256): batch blacklists and bot lists.
 * [token, held, holder] and [token, holder, held] name the token itself and what the contract holds of it:
 * withdraw(token), withdraw(token, amount), recover(token, amount, to) and recover(token, to, amount), the ways a
 * contract's own holdings (collected fees, a reserve) are paid out.
 */
export function probeCalldatas(selector: string, target: Address, token: Address, held: bigint, payee: Address): Hex[] {
  return [
    `0x${selector}${word(target)}${word(1n)}`,
    payeeCalldata(selector, payee),
    `0x${selector}${word(FEE_LIKE)}`,
    `0x${selector}${word(1n)}`,
    `0x${selector}`,
    `0x${selector}${word(0n)}`,
    `0x${selector}${word(0x40n)}${word(1n)}${word(1n)}${word(target)}`,
    `0x${selector}${word(token)}${word(held)}${word(target)}`,
    `0x${selector}${word(token)}${word(target)}${word(held)}`,
  ].map(asHex);
}

/** [payee, payee]: f(address) or f(address,address) naming an address nothing else knows (see probeCalldatas). */
export function payeeCalldata(selector: string, payee: Address): Hex {
  return asHex(`0x${selector}${word(payee)}${word(payee)}`);
}

/** One-argument fee rates for a function that touched the sell tax (see FEE_RATES). */
export function feeRateCalldatas(selector: string): Hex[] {
  return FEE_RATES.map((rate) => asHex(`0x${selector}${word(rate)}`));
}

/** `data` is the probed call ("0x": none, the baseline); `prelude` a call the same caller makes before it. */
export function privilegedCalldata(args: {
  token: Address;
  data: Hex | "0x";
  prelude?: Hex;
  target: Address;
  other: Address;
  pair: Address | null;
  amount: bigint;
  recipient: Address;
  payee: Address;
}): Hex {
  return asHex(
    PROBE_ABI.encodeFunctionData("privileged", [
      args.token,
      [...(args.prelude === undefined ? [] : [args.prelude]), ...(args.data === "0x" ? [] : [args.data])],
      args.target,
      args.other,
      args.pair ?? "0x0000000000000000000000000000000000000000",
      args.amount,
      args.recipient,
      args.payee,
      [TRADE_GAS, PROBED_CALL_GAS],
    ]),
  );
}

export function twiceCalldata(seller: Address, token: Address, pair: Address, amount: bigint): Hex {
  return asHex(PROBE_ABI.encodeFunctionData("twice", [seller, token, pair, amount, TRADE_GAS]));
}

export interface PrivilegedReport {
  readonly callOk: boolean;
  readonly targetBefore: bigint;
  readonly targetAfter: bigint;
  readonly supplyBefore: bigint;
  readonly supplyAfter: bigint;
  readonly ownerBefore: Address | null;
  readonly ownerAfter: Address | null;
  readonly callerBefore: bigint;
  readonly callerAfter: bigint;
  readonly tokenHeldBefore: bigint;
  readonly tokenHeldAfter: bigint;
  readonly payee: PayeeReceipts;
  readonly holders: HolderEffects;
  /** Set when the contract's own balance was raised for this call (see PrivilegedEffect.heldRaisedTo). */
  readonly heldRaisedTo?: bigint;
}

const asOwner = (value: bigint): Address | null =>
  value === 0n ? null : asAddress(`0x${value.toString(16).padStart(40, "0")}`);

function taxBps(expected: bigint, out: bigint): number | null {
  if (expected <= 0n) return null;
  return out >= expected ? 0 : Number(((expected - out) * 10_000n) / expected);
}

/** The part of `sold` the pair did not receive, in basis points: the token's fee taken in tokens. */
function feeBps(sold: bigint, received: bigint): number | null {
  if (sold <= 0n) return null;
  return received >= sold ? 0 : Number(((sold - received) * 10_000n) / sold);
}

/** The probed call succeeded as a STATICCALL: it writes nothing, so it has no effect and none was measured. */
export const READ_ONLY = "read-only";

/**
 * `payee` is the fresh address the report's calldata was given (see the probe's `payee`), `sold` the amount the other
 * holder sold.
 */
export function decodePrivileged(data: Hex, payee: Address, sold: bigint): PrivilegedReport | typeof READ_ONLY {
  const [r] = PROBE_ABI.decodeFunctionResult("privileged", data) as unknown as [bigint[]];
  const at = (i: number): bigint => r[i] ?? 0n;
  if (at(0) === 2n) return READ_ONLY;
  return {
    callOk: at(0) === 1n,
    targetBefore: at(1),
    targetAfter: at(2),
    supplyBefore: at(3),
    supplyAfter: at(4),
    ownerBefore: asOwner(at(5)),
    ownerAfter: asOwner(at(6)),
    callerBefore: at(12),
    callerAfter: at(13),
    tokenHeldBefore: at(14),
    tokenHeldAfter: at(15),
    payee: { address: payee, tokensBefore: at(16), tokensAfter: at(17), nativeBefore: at(18), nativeAfter: at(19) },
    holders: {
      targetTransferOk: at(7) === 1n,
      otherTransferOk: at(8) === 1n,
      sellOk: at(9) === 1n,
      sellTaxBps: at(9) === 1n ? taxBps(at(10), at(11)) : null,
      sellFeeBps: at(9) === 1n ? feeBps(sold, at(20)) : null,
      targetTransferGas: at(21),
    },
  };
}

export function decodeTwice(data: Hex): { first: boolean; second: boolean } {
  const [r] = PROBE_ABI.decodeFunctionResult("twice", data) as unknown as [bigint[]];
  return { first: r[0] === 1n, second: r[2] === 1n };
}

export function againCalldata(token: Address, first: Hex, second: Hex | "0x"): Hex {
  return asHex(PROBE_ABI.encodeFunctionData("again", [token, first, second, PROBED_CALL_GAS]));
}

/** The supply each of `again`'s two calls added (0 for a call that failed or skipped). */
export function decodeAgain(data: Hex): { first: bigint; second: bigint } {
  const [r] = PROBE_ABI.decodeFunctionResult("again", data) as unknown as [bigint[]];
  return { first: r[0] === 1n ? (r[1] ?? 0n) : 0n, second: r[2] === 1n ? (r[3] ?? 0n) : 0n };
}

/**
 * The calldata with one amount-like word (non-zero, under 2^96: not an address) replaced by `amount`, for each such
 * word after the selector: where a mint's amount may be.
 */
export function withAmount(data: Hex, amount: bigint): Hex[] {
  const body = data.slice(10);
  const out: Hex[] = [];
  for (let i = 0; i + 64 <= body.length; i += 64) {
    const value = BigInt(`0x${body.slice(i, i + 64)}`);
    if (value === 0n || value >= 1n << 96n) continue;
    out.push(asHex(`${data.slice(0, 10)}${body.slice(0, i)}${word(amount)}${body.slice(i + 64)}`));
  }
  return out;
}
