import type { HolderEffects, PrivilegedEffect } from "../profiles/capabilities";

/** What a privileged call did, read from its measured effect (never from its name). */
export type EffectKind =
  "mint" | "change_balance" | "take_held" | "blacklist" | "pause" | "gate" | "fee" | "redirect_fees" | "take_back";

/** A sell tax at least this much higher or lower after a call means the call sets fees (basis points). */
export const FEE_CHANGE_MIN_BPS = 500;

function isTransferFromCaller(e: PrivilegedEffect): boolean {
  const gained = e.targetAfter - e.targetBefore;
  return gained > 0n && e.callerBefore - e.callerAfter === gained;
}

/**
 * The tokens the contract itself held (collected fees, a reserve, stakes) that the call moved to the caller or to the
 * holder it named: the drop of the contract's balance that reappears there, supply unchanged. 0 when none did.
 */
function takenFromHeld(e: PrivilegedEffect): bigint {
  const dropped = (e.tokenHeldBefore ?? 0n) - (e.tokenHeldAfter ?? 0n);
  if (dropped <= 0n || e.supplyAfter !== e.supplyBefore) return 0n;
  const gained = [e.callerAfter - e.callerBefore, e.targetAfter - e.targetBefore].filter((g) => g > 0n);
  // A transfer out of the contract may itself pay a fee on the way: what arrived is at most what left.
  return gained.some((g) => g <= dropped) ? dropped : 0n;
}

/** What the payee (an address only the call named) received while the holders transferred and sold. */
function paidToPayee(e: PrivilegedEffect): { tokens: bigint; native: bigint } {
  const p = e.payee;
  if (p === undefined) return { tokens: 0n, native: 0n };
  const gain = (before: bigint, after: bigint): bigint => (after > before ? after - before : 0n);
  return { tokens: gain(p.tokensBefore, p.tokensAfter), native: gain(p.nativeBefore, p.nativeAfter) };
}

/**
 * take_held: the contract's own holdings went to the caller or to the address the call named (a privileged
 * "withdraw", "claimStuckTokens" or "recover" of the token itself).
 * mint: supply and the named holder's (or the caller's own) balance grew. change_balance: the holder's balance moved
 * without a matching transfer from the caller (a burn from someone else included), or the caller's own balance grew
 * while the holder lost nothing. blacklist: the named holder can no longer transfer, others still can. pause: nobody
 * can (nor sell, where only the pool was open to them). gate: nobody could transfer before the call, and the contract
 * the call names decides whether they can after it (see PrivilegedEffect.gate): whoever names it can stop them all. fee: the other holder's sell keeps more as tax, measured in
 * tokens where both sells measured it (or sells alone stop). redirect_fees: the address the call named received tokens
 * or native coin while the holders transferred and sold (their fee, or the coin the contract's swap of collected fees
 * paid). take_back: owner() became the caller.
 */
export function effectKinds(e: PrivilegedEffect, baseline: HolderEffects | null): EffectKind[] {
  const kinds: EffectKind[] = [];
  const paid = paidToPayee(e);
  // Made with the contract's holdings raised (see heldRaisedTo): only where the fees went is comparable.
  if (e.heldRaisedTo !== undefined) return paid.tokens > 0n || paid.native > 0n ? ["redirect_fees"] : [];
  const supplyUp = e.supplyAfter > e.supplyBefore;
  // The caller credited from nowhere: its own balance grew while the named holder lost nothing (an owner-only
  // "reflection" or "airdrop" path that writes the caller's balance, with or without a Transfer event).
  // Fees the contract collected and paid out to the caller are a transfer, not a credit.
  const paidFromContract = (e.tokenHeldBefore ?? 0n) - (e.tokenHeldAfter ?? 0n);
  const callerCredited =
    e.callerAfter - e.callerBefore > paidFromContract &&
    e.callerAfter > e.callerBefore &&
    e.targetAfter >= e.targetBefore;
  const taken = takenFromHeld(e);
  // The named holder paid out of the contract's holdings received a transfer, not a rewritten balance.
  const targetPaidFromHeld = taken > 0n && e.targetAfter > e.targetBefore && e.targetAfter - e.targetBefore <= taken;
  if (supplyUp && (e.targetAfter > e.targetBefore || callerCredited)) kinds.push("mint");
  else if ((e.targetAfter !== e.targetBefore && !isTransferFromCaller(e) && !targetPaidFromHeld) || callerCredited)
    kinds.push("change_balance");
  if (taken > 0n) kinds.push("take_held");
  const h = e.holders;
  if (baseline !== null) {
    const nobodyTransfers = !h.otherTransferOk && !h.targetTransferOk;
    // A token that lets holders trade only with its pool refuses wallet-to-wallet transfers at the baseline: there,
    // a call after which the pool refuses their sells too has stopped everyone (trading switched off again).
    const poolOnlyStopped = !baseline.otherTransferOk && baseline.sellOk && !h.sellOk && nobodyTransfers;
    if ((baseline.otherTransferOk && nobodyTransfers) || poolOnlyStopped) kinds.push("pause");
    else if (e.gate !== undefined && !baseline.targetTransferOk && !baseline.otherTransferOk && !nobodyTransfers)
      kinds.push("gate");
    else if (baseline.targetTransferOk && !h.targetTransferOk && h.otherTransferOk && e.targetAfter >= e.targetBefore)
      kinds.push("blacklist");
    // Either way: a setter that can lower the fee can raise it back (the probe's value may equal the current one).
    // The fee taken in tokens where both sells measured it: switching the contract's swap-back of its collected fees
    // on or off moves the price a sell gets, and with it the measured tax, but takes no more of anyone's tokens.
    const feeNow = h.sellFeeBps ?? null;
    const feeBefore = baseline.sellFeeBps ?? null;
    const [now, before] =
      feeNow !== null && feeBefore !== null ? [feeNow, feeBefore] : [h.sellTaxBps ?? 0, baseline.sellTaxBps ?? 0];
    const taxMoved = baseline.sellOk && h.sellOk && Math.abs(now - before) >= FEE_CHANGE_MIN_BPS;
    const sellsStopped = baseline.sellOk && !h.sellOk && h.otherTransferOk;
    if (taxMoved || sellsStopped) kinds.push("fee");
  }
  if (paid.tokens > 0n || paid.native > 0n) kinds.push("redirect_fees");
  if (e.ownerAfter !== null && e.ownerAfter === e.caller.address && e.ownerBefore !== e.caller.address)
    kinds.push("take_back");
  return kinds;
}

/** A short readable account of the effect, for evidence. */
export function describeEffect(e: PrivilegedEffect, kinds: readonly EffectKind[]): string {
  const parts: string[] = [];
  if (kinds.includes("mint")) parts.push(`totalSupply +${e.supplyAfter - e.supplyBefore}`);
  if ((kinds.includes("mint") || kinds.includes("change_balance")) && e.targetAfter !== e.targetBefore)
    parts.push(`balance of ${e.target} ${e.targetBefore} -> ${e.targetAfter}`);
  if ((kinds.includes("mint") || kinds.includes("change_balance")) && e.callerAfter > e.callerBefore)
    parts.push(`the caller's own balance ${e.callerBefore} -> ${e.callerAfter}`);
  if (kinds.includes("take_held")) {
    const to = e.callerAfter > e.callerBefore ? "the caller" : e.target;
    parts.push(`the contract's own balance ${e.tokenHeldBefore ?? 0n} -> ${e.tokenHeldAfter ?? 0n}, paid to ${to}`);
  }
  if (kinds.includes("blacklist")) parts.push(`${e.target} could no longer transfer (others could)`);
  if (kinds.includes("pause"))
    parts.push(
      e.baseline !== undefined && !e.baseline.otherTransferOk
        ? "no holder could sell any more (transfers between wallets were already refused)"
        : "no holder could transfer",
    );
  if (kinds.includes("gate") && e.gate !== undefined)
    parts.push(
      `no holder could transfer before the call; named as ${e.gate.approving} (code that approves every call) holders could, named as ${e.gate.refusing} (code that refuses every call) none could: every transfer asks the contract the call names`,
    );
  if (kinds.includes("fee"))
    parts.push(
      e.holders.sellOk ? `sell tax -> ${(e.holders.sellTaxBps ?? 0) / 100}%` : "sells reverted while transfers worked",
    );
  if (kinds.includes("redirect_fees")) {
    const paid = paidToPayee(e);
    const what = [paid.tokens > 0n ? `${paid.tokens} tokens` : null, paid.native > 0n ? `${paid.native} wei` : null];
    const held =
      e.heldRaisedTo === undefined
        ? ""
        : ` (the contract's own balance set to ${e.heldRaisedTo}, past a swap-back threshold)`;
    parts.push(
      `${e.payee?.address ?? "the named address"} (named by the call, by nothing else) received ${what
        .filter((w) => w !== null)
        .join(" and ")} while holders transferred and sold${held}`,
    );
    if (e.sellsStopWhenRefused === true)
      parts.push(
        "named instead, an address that refuses the native coin made every holder's sell revert (transfers went through)",
      );
  }
  if (kinds.includes("take_back")) parts.push(`owner() ${e.ownerBefore ?? "none"} -> ${e.ownerAfter}`);
  const words = Math.floor((e.calldata.length - 10) / 64);
  const prepared = e.preparedBy === undefined ? "" : `to ${e.preparedBy.selector} naming the caller itself, then `;
  return `simulated call ${prepared}to ${e.selector} with ${words} argument word(s) as ${e.caller.role} ${e.caller.address}${
    e.caller.slot === null ? "" : ` (address read from storage slot ${e.caller.slot})`
  }: ${parts.join("; ")}`;
}
