import { type Address, ZERO_ADDRESS, asAddress } from "../../chain/address";
import { type Flag, distinctSample, raiseFlag } from "../flag";
import type { CapabilityEvidence, PrivilegedCallInHistory, PrivilegedEffect } from "../profiles/capabilities";
import type { TokenMarket } from "../profiles/market";
import { TOKEN } from "../thresholds";
import type { EffectKind } from "./capability-effects";

interface Classified {
  readonly effect: PrivilegedEffect;
  readonly kinds: readonly EffectKind[];
}

const MAX_UINT160 = (1n << 160n) - 1n;

/** The first calldata word after the selector, or null when the call has none. */
function firstWord(calldata: string): bigint | null {
  return calldata.length >= 74 ? BigInt(`0x${calldata.slice(10, 74)}`) : null;
}

/**
 * Mined calls to a function with the effect. With `sameArgument`, only calls whose first argument is the one
 * that had the effect in simulation count: maintenance(true) halts, setTracker(a working tracker) does not.
 */
function callsOfKind(
  evidence: CapabilityEvidence,
  classified: readonly Classified[],
  kind: EffectKind,
  sameArgument = false,
): PrivilegedCallInHistory[] {
  const effects = classified.filter((c) => c.kinds.includes(kind)).map((c) => c.effect);
  return evidence.history.filter((call) =>
    effects.some(
      (e) =>
        e.selector === call.selector &&
        (!sameArgument || (call.args !== null && firstWord(e.calldata) === (call.args[0] ?? null))),
    ),
  );
}

const asAddressWord = (word: bigint | undefined): Address | null =>
  word === undefined || word === 0n || word > MAX_UINT160
    ? null
    : asAddress(`0x${word.toString(16).padStart(40, "0")}`);

/** Below this a first word is a count or an offset, not an address (addresses this small are precompiles). */
const SMALL_WORD = 1n << 16n;

/**
 * The holders a mined call names: its first argument, or, when the first word is the offset of a dynamic array
 * (setBots(address[]), blacklist(address[],bool)), the array's elements.
 */
function addressArgs(call: PrivilegedCallInHistory): Address[] {
  const args = call.args ?? [];
  const first = args[0];
  if (first === undefined) return [];
  if (first >= SMALL_WORD) return [asAddressWord(first)].filter((a): a is Address => a !== null);
  if (first % 32n !== 0n) return [];
  const at = Number(first / 32n);
  const length = args[at];
  if (length === undefined || length > BigInt(args.length - at - 1)) return [];
  return args
    .slice(at + 1, at + 1 + Number(length))
    .map(asAddressWord)
    .filter((a): a is Address => a !== null);
}

/** The first calldata word read as a number (a fee in basis points, a percentage...), or null. */
function amountArg(call: PrivilegedCallInHistory): bigint | null {
  const words = call.args ?? [];
  // setFee(uint256) has the value first; setFee(address, uint256)-style setters have it second.
  const word = words.length >= 2 && (words[0] ?? 0n) > 0xffffffffn ? words[1] : words[0];
  return word ?? null;
}

function pausedFlag(calls: readonly PrivilegedCallInHistory[]): Flag | null {
  if (calls.length === 0) return null;
  return raiseFlag("WAS_PAUSED", {
    detail: `${calls.length} mined call(s) to ${calls[0]!.selector}, which halts every holder's transfers in simulation, first at block ${calls[0]!.blockNumber}.`,
    txHashes: calls.map((c) => c.txHash).slice(0, 10),
    blocks: calls.map((c) => c.blockNumber).slice(0, 10),
    figures: { calls: calls.length },
  });
}

function blacklistedFlag(calls: readonly PrivilegedCallInHistory[], blacklistedNow: readonly Address[]): Flag | null {
  const named = calls.flatMap(addressArgs);
  const holders = distinctSample([...named, ...blacklistedNow], 25);
  if (holders.length === 0) return null;
  const by =
    calls.length > 0
      ? `${calls.length} mined call(s) to ${calls[0]!.selector}, which freezes the holder it names in simulation`
      : "simulated transfers";
  return raiseFlag("HOLDERS_BLACKLISTED", {
    detail: `${holders.length} holder(s) blacklisted: by ${by}${blacklistedNow.length > 0 ? `; ${blacklistedNow.length} real holder(s) cannot transfer now while a fresh address can` : ""}.`,
    holders,
    txHashes: calls.map((c) => c.txHash).slice(0, 10),
    figures: { holders: holders.length, calls: calls.length },
  });
}

function feeRaisedFlag(calls: readonly PrivilegedCallInHistory[], measuredSellTaxBps: number | null): Flag | null {
  const valued = calls.map((c) => ({ call: c, value: amountArg(c) })).filter((v) => v.value !== null);
  for (let i = 1; i < valued.length; i++) {
    const before = valued[i - 1]!;
    const after = valued[i]!;
    if (after.value! > before.value!) {
      return raiseFlag("FEE_RAISED", {
        detail: `Fee setter ${after.call.selector} was called with ${before.value} at block ${before.call.blockNumber} and then ${after.value} at block ${after.call.blockNumber}.`,
        txHashes: [before.call.txHash, after.call.txHash],
        blocks: [before.call.blockNumber, after.call.blockNumber],
        figures: {
          from: before.value!.toString(),
          to: after.value!.toString(),
          measuredSellTaxBps: measuredSellTaxBps ?? "not measured",
        },
      });
    }
  }
  const only = valued[0];
  if (valued.length === 1 && only !== undefined && measuredSellTaxBps !== null && measuredSellTaxBps >= TOKEN.taxBps) {
    return raiseFlag("FEE_RAISED", {
      detail: `Fee setter ${only.call.selector} was called with ${only.value} at block ${only.call.blockNumber}; the sell tax measured now is ${measuredSellTaxBps / 100}%. The value before that call is not on chain.`,
      txHashes: [only.call.txHash],
      blocks: [only.call.blockNumber],
      figures: { from: "unknown: not recorded before the first call", to: only.value!.toString(), measuredSellTaxBps },
    });
  }
  return null;
}

/** Capabilities used in mined transactions: a capability used is a verdict, not a risk. */
export function historyUseFlags(
  evidence: CapabilityEvidence,
  classified: readonly Classified[],
  context: { readonly measuredSellTaxBps: number | null; readonly blacklistedNow: readonly Address[] },
): Flag[] {
  return [
    pausedFlag(callsOfKind(evidence, classified, "pause", true)),
    blacklistedFlag(callsOfKind(evidence, classified, "blacklist"), context.blacklistedNow),
    feeRaisedFlag(callsOfKind(evidence, classified, "fee"), context.measuredSellTaxBps),
  ].filter((f): f is Flag => f !== null);
}

/**
 * MINTED_AFTER_LAUNCH from transfers alone (any function name): mints after the block where liquidity was
 * first added to a pool, or after the first mint when the token has no pool.
 */
export function mintedAfterLaunchFlag(market: TokenMarket, totalSupply: bigint | null): Flag | null {
  const pools = new Set<Address>(market.pools.map((p) => p.pool));
  const mints = market.transfers.items.filter((t) => t.from === ZERO_ADDRESS && t.to !== ZERO_ADDRESS);
  if (mints.length === 0) return null;
  const firstLiquidity = market.transfers.items.find((t) => pools.has(t.to) && t.from !== ZERO_ADDRESS);
  const launchBlock = firstLiquidity?.blockNumber ?? mints[0]!.blockNumber;
  const late = mints.filter((t) => t.blockNumber > launchBlock);
  if (late.length === 0) return null;
  const minted = late.reduce((sum, t) => sum + t.value, 0n);
  const share = totalSupply !== null && totalSupply > 0n ? Number((minted * 10_000n) / totalSupply) / 100 : null;
  return raiseFlag("MINTED_AFTER_LAUNCH", {
    detail: `${late.length} mint(s) after launch (block ${launchBlock}${firstLiquidity === undefined ? ", first mint" : ", first liquidity"}) created ${minted}${share === null ? "" : ` (${share}% of the supply now)`}.`,
    txHashes: distinctSample(late.map((t) => t.txHash)),
    blocks: distinctSample(late.map((t) => t.blockNumber)),
    holders: distinctSample(late.map((t) => t.to)),
    figures: {
      mints: late.length,
      minted: minted.toString(),
      launchBlock,
      sharePercent: share ?? "unknown: no totalSupply",
    },
  });
}
