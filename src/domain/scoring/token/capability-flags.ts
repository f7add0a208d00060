import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { Hex } from "../../chain/chain-types";
import { opcodeFindings } from "../../chain/evm-disassembler";
import type { Shortfall } from "../common/confidence";
import { type Flag, distinctSample, raiseFlag } from "../flag";
import type { FlagCode } from "../flag-catalogue";
import type { CapabilityEvidence, PrivilegedEffect } from "../profiles/capabilities";
import { type EffectKind, describeEffect, effectKinds } from "./capability-effects";
import { historyUseFlags } from "./capability-history";
import { implementationChangedFlag } from "./proxy-flags";

const EFFECT_FLAGS: Readonly<Record<EffectKind, FlagCode | null>> = {
  mint: "OWNER_CAN_MINT",
  change_balance: "OWNER_CAN_CHANGE_BALANCE",
  take_held: "OWNER_CAN_TAKE_HELD_TOKENS",
  blacklist: "OWNER_CAN_BLACKLIST",
  pause: "OWNER_CAN_PAUSE",
  // Naming a contract that refuses stops every transfer: the power to pause, held through the contract named.
  gate: "OWNER_CAN_PAUSE",
  fee: "OWNER_CAN_SET_FEES",
  redirect_fees: "OWNER_CAN_REDIRECT_FEES",
  take_back: null,
};

/**
 * EXTERNAL_CALL_IN_TRANSFER when the traced transfer reverted: outside code did not merely run in the transfer, it
 * stopped it. High, like NO_SUCCESSFUL_SELLS (a holder who cannot transfer cannot sell), not blocking: the trace is
 * one holder's transfer at one block, not the history of failed sells that HONEYPOT_PATTERN needs.
 */
const REFUSED_BY_OUTSIDE_CODE = { severity: "high", points: -30 } as const;

export interface ClassifiedEffect {
  readonly effect: PrivilegedEffect;
  readonly kinds: readonly EffectKind[];
}

export interface CapabilityFindings {
  readonly flags: readonly Flag[];
  readonly shortfalls: readonly Shortfall[];
}

/** SELF_DESTRUCT from live code: the token's own and, behind a proxy, its implementation's. */
export function selfDestructFlag(code: Hex, implementationCode: Hex | null): Flag | null {
  const own = opcodeFindings(code).selfDestruct;
  const impl = implementationCode === null ? [] : opcodeFindings(implementationCode).selfDestruct;
  if (own.length === 0 && impl.length === 0) return null;
  const where = [...own.map((pc) => `pc ${pc}`), ...impl.map((pc) => `implementation pc ${pc}`)];
  return raiseFlag("SELF_DESTRUCT", {
    detail: `Live code contains SELFDESTRUCT (0xff) at ${where.join(", ")}.`,
    figures: { opcode: "0xff", occurrences: where.length },
  });
}

function isHidden(effect: PrivilegedEffect, owner: Address | null): boolean {
  return effect.caller.role !== "owner" && effect.caller.role !== "pending_owner" && effect.caller.address !== owner;
}

/**
 * A mint measured as bounded (see MintReach): it cannot make any number of tokens, so it weighs like a disclosed
 * emission, not a hidden mint. Low, not info: the owner still decides when and to whom.
 */
const BOUNDED_MINT = { severity: "low", points: -3 } as const;

const isBoundedMint = (e: PrivilegedEffect): boolean =>
  e.mintReach !== undefined && !e.mintReach.repeatable && !e.mintReach.callerChoosesAmount;

function mintReachWords(e: PrivilegedEffect): { detail: string; reach: string } | null {
  const r = e.mintReach;
  if (r === undefined) return null;
  if (isBoundedMint(e))
    return {
      detail: "; bounded: the same call made again right after minted nothing, and a larger amount did not mint more",
      reach: "bounded",
    };
  const how = [r.repeatable ? "repeatable" : null, r.callerChoosesAmount ? "amount chosen by the caller" : null]
    .filter((w): w is string => w !== null)
    .join(", ");
  return { detail: `; any amount: ${how}`, reach: how };
}

function effectFlags(classified: readonly ClassifiedEffect[], balanceSlot: number | null): Flag[] {
  const flags: Flag[] = [];
  const done = new Set<FlagCode>();
  // A code is reported once, from its first effect: the widest mint first, so a bounded one never hides another.
  const widestFirst = [...classified].sort((a, b) => Number(isBoundedMint(a.effect)) - Number(isBoundedMint(b.effect)));
  for (const { effect, kinds } of widestFirst) {
    for (const kind of kinds) {
      const code = EFFECT_FLAGS[kind];
      if (code === null || done.has(code)) continue;
      done.add(code);
      const slot =
        (kind === "mint" || kind === "change_balance") && balanceSlot !== null
          ? ` (storage key keccak256(${effect.target} . ${balanceSlot}) of the balance mapping at slot ${balanceSlot})`
          : "";
      const reach = kind === "mint" ? mintReachWords(effect) : null;
      flags.push(
        raiseFlag(
          code,
          {
            detail: `Proven by behaviour: ${describeEffect(effect, kinds)}${slot}${reach?.detail ?? ""}.`,
            counterparties: [effect.caller.address],
            figures: {
              selector: effect.selector,
              caller: effect.caller.role,
              ...(reach === null ? {} : { reach: reach.reach }),
            },
          },
          kind === "mint" && isBoundedMint(effect) ? BOUNDED_MINT : undefined,
        ),
      );
    }
  }
  return flags;
}

/**
 * Effects that do not make a caller a hidden owner: taking ownership back (OWNERSHIP_TAKE_BACK's), and choosing where
 * the fees go (a marketing wallet that may name its successor is common, and moves nothing holders keep).
 */
const NOT_HIDDEN_OWNER: ReadonlySet<EffectKind> = new Set(["take_back", "redirect_fees"]);

/**
 * A hidden caller's effect that holders feel (see NOT_HIDDEN_OWNER). The widest effect is told, as in effectFlags,
 * and a mint's reach with it: a hidden caller's one-time mint (a launch allocation) is not one of any size.
 */
function hiddenOwnerFlag(classified: readonly ClassifiedEffect[], owner: Address | null): Flag | null {
  const hidden = classified
    .filter((c) => isHidden(c.effect, owner) && c.kinds.some((k) => !NOT_HIDDEN_OWNER.has(k)))
    .sort((a, b) => Number(isBoundedMint(a.effect)) - Number(isBoundedMint(b.effect)));
  const first = hidden[0];
  if (first === undefined) return null;
  const takeBack = classified.some((c) => c.kinds.includes("take_back"));
  const reach = first.kinds.includes("mint") ? (mintReachWords(first.effect)?.detail ?? "") : "";
  return raiseFlag("HIDDEN_OWNER", {
    detail: `owner() is ${owner ?? "absent"}, yet ${describeEffect(first.effect, first.kinds)}${reach}${
      takeBack ? "; ownership can be taken back after renouncing" : ""
    }.`,
    counterparties: distinctSample(hidden.map((c) => c.effect.caller.address)),
    figures: {
      selectors: [...new Set(hidden.map((c) => c.effect.selector))].join(" "),
      ...(first.effect.caller.slot === null ? {} : { slot: first.effect.caller.slot }),
      canTakeBackOwnership: takeBack ? "yes" : "no",
    },
  });
}

/** OWNERSHIP_TAKE_BACK: a simulated call made the caller owner() again (after renouncing, or from a stored address). */
function takeBackFlag(classified: readonly ClassifiedEffect[], owner: Address | null): Flag | null {
  const taking = classified.filter((c) => c.kinds.includes("take_back"));
  const first = taking[0];
  if (first === undefined) return null;
  const { effect } = first;
  return raiseFlag("OWNERSHIP_TAKE_BACK", {
    detail: `owner() is ${owner ?? "absent"}, yet ${describeEffect(effect, ["take_back"])}.`,
    counterparties: distinctSample(taking.map((c) => c.effect.caller.address)),
    figures: {
      selector: effect.selector,
      caller: effect.caller.address,
      callerRole: effect.caller.role,
      // The probe reads a zero owner() as no owner; owner() answered the zero address: renounced.
      ownerBefore: effect.ownerBefore ?? (owner === ZERO_ADDRESS ? ZERO_ADDRESS : "none"),
      ownerAfter: effect.ownerAfter ?? "none",
      ...(effect.caller.slot === null ? {} : { slot: effect.caller.slot }),
    },
  });
}

function simulationFlags(e: CapabilityEvidence): Flag[] {
  const flags: Flag[] = [];
  const s = e.sellSizes;
  if (s !== null && s.small.ok && !s.all.ok) {
    flags.push(
      raiseFlag("CANNOT_SELL_ALL", {
        detail: `At block ${e.blockNumber} a simulated sell of 100% (${s.all.amount}) of ${s.holder}'s balance reverted (${s.all.reason ?? "no reason"}) while a sell of 1% (${s.small.amount}) went through.`,
        counterparties: [s.holder],
        blocks: [e.blockNumber],
        figures: { call: "swapExactIn", smallAmount: s.small.amount.toString(), allAmount: s.all.amount.toString() },
      }),
    );
  }
  const c = e.cooldown;
  if (c !== null && c.first && !c.second) {
    flags.push(
      raiseFlag("TRADING_COOLDOWN", {
        detail: `At block ${e.blockNumber} ${c.seller} sold ${c.amount} in a simulated call, and the same sell right after it in the same block reverted.`,
        counterparties: [c.seller],
        blocks: [e.blockNumber],
        figures: { call: "twice(swapExactIn, swapExactIn)", amount: c.amount.toString() },
      }),
    );
  }
  const w = e.whale;
  if (w !== null && w.small.ok && !w.large.ok) {
    flags.push(
      raiseFlag("ANTI_WHALE", {
        detail: `At block ${e.blockNumber} a simulated buy of ${w.small.amount} went through while a buy of ${w.large.amount} (about ${w.largeShareBps / 100}% of the supply) reverted (${w.large.reason ?? "no reason"}).`,
        blocks: [e.blockNumber],
        figures: { largeShareBps: w.largeShareBps },
      }),
    );
  }
  const t = e.transferTrace;
  if (t !== null) {
    const implementation = e.proxy?.implementation ?? null;
    const outside = t.trace.calls.filter(
      (call) =>
        call.op !== "STATICCALL" &&
        call.to !== implementation &&
        // Precompiles (ecrecover, sha256, ...) live at the lowest addresses.
        BigInt(call.to) > 0xffn,
    );
    const first = outside[0];
    if (first !== undefined) {
      // The transfer reverted after handing control to code outside the token: that code decides whether holders
      // can move (and so sell) their tokens, and it refused this one (or is not there at all).
      const refused = t.trace.failed;
      flags.push(
        raiseFlag(
          "EXTERNAL_CALL_IN_TRANSFER",
          {
            detail: `A traced transfer of ${t.amount} by ${t.holder} at block ${e.blockNumber} executed ${first.op} to ${first.to}${first.pc === null ? "" : ` at pc ${first.pc}`} (depth ${first.depth})${outside.length > 1 ? ` and ${outside.length - 1} more call(s)` : ""}${refused ? ", and the transfer reverted" : ""}.`,
            counterparties: distinctSample(outside.map((call) => call.to)),
            blocks: [e.blockNumber],
            figures: {
              opcode: first.op,
              ...(first.pc === null ? {} : { pc: first.pc }),
              calls: outside.length,
              ...(refused ? { transferReverted: "yes" } : {}),
            },
          },
          refused ? REFUSED_BY_OUTSIDE_CODE : undefined,
        ),
      );
    }
  }
  return flags;
}

/**
 * Flags from the capability probes: effects of privileged calls, who can make them, simulations of selling,
 * buying and transferring, the proxy's history, and the use of the capabilities in mined transactions.
 */
export function capabilityFindings(
  evidence: CapabilityEvidence | null,
  context: { readonly measuredSellTaxBps: number | null; readonly blacklistedNow: readonly Address[] },
): CapabilityFindings {
  if (evidence === null) {
    return {
      flags: [],
      shortfalls: [
        {
          cost: 10,
          limitation:
            "Capability probes did not run: hidden owners, balance rewrites, sell limits and cooldowns are unknown (not absent).",
        },
      ],
    };
  }
  const classified = evidence.effects
    .map((effect) => ({ effect, kinds: effectKinds(effect, effect.baseline ?? evidence.baseline) }))
    .filter((c) => c.kinds.length > 0);
  const hidden = hiddenOwnerFlag(classified, evidence.owner);
  const flags: Flag[] = [
    ...effectFlags(classified, evidence.balanceSlot),
    ...simulationFlags(evidence),
    ...historyUseFlags(evidence, classified, context),
  ];
  if (hidden !== null) flags.push(hidden);
  const takeBack = takeBackFlag(classified, evidence.owner);
  if (takeBack !== null) flags.push(takeBack);
  const changed = implementationChangedFlag(evidence.proxy);
  if (changed !== null) flags.push(changed);
  if (evidence.owner === ZERO_ADDRESS && evidence.pendingOwner === null && classified.length === 0) {
    flags.push(
      raiseFlag("OWNERSHIP_RENOUNCED", {
        detail: `owner() is the zero address, no pendingOwner() is set, and none of ${evidence.probedSelectors.length} dispatched function(s) had a privileged effect from ${evidence.storedAddresses.length} stored address(es) or the deployer.`,
        figures: { probedSelectors: evidence.probedSelectors.length },
      }),
    );
  }
  const shortfalls: Shortfall[] = evidence.gaps.map((gap) => ({ cost: 3, limitation: gap }));
  return { flags, shortfalls };
}
