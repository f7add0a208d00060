import type { ChainReader, StateOverrides } from "../../application/ports/chain-reader.port";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { HolderEffects, PrivilegedEffect, ProbeCaller } from "../../domain/scoring/profiles/capabilities";
import { effectKinds } from "../../domain/scoring/token/capability-effects";
import { PRIVILEGE_SELECTORS } from "../../domain/scoring/token/owner-privileges";
import { PROBE_CODE, SIMULATOR_CODE } from "./capability-simulations";
import {
  type PrivilegedReport,
  READ_ONLY,
  againCalldata,
  decodeAgain,
  decodePrivileged,
  feeRateCalldatas,
  payeeCalldata,
  privilegedCalldata,
  probeCalldatas,
  withAmount,
} from "./capability-probe-calls";
import { TRADE_GAS, balanceKey, callOrThrow, randomActor, wordHex } from "./sell-simulator-calls";

/** The other holder gets this many times the target's balance: it transfers, then sells, in one call. */
const OTHER_BALANCE_MULTIPLE = 3n;
/**
 * A contract that holds none of its own tokens is given this fraction of the target's balance, so that a function
 * paying out its holdings has something to pay: small enough to stay under a swap-back threshold (commonly 0.05% of
 * the supply), which would otherwise sell it into the pool during every probed sell.
 */
const HELD_WHEN_NONE_DIVISOR = 1_000n;
/**
 * For a second call naming the payee (a fee wallet setter whose first call paid it nothing), the contract is given
 * this fraction of the supply (0.5%): past the usual swap-back threshold (0.01-0.1%), so a holder's sell makes the
 * contract sell its collected fees and pay the wallet, as on a live token, and what reaches the payee is seen.
 */
const FEE_SWAP_HOLDINGS_DIVISOR = 200n;
/** Runtime code that reverts every call: an address that refuses the native coin (PUSH1 0, PUSH1 0, REVERT). */
const REFUSING_CODE = "0x60006000fd" as Hex;
/**
 * Runtime code that answers every call with the word 1 (PUSH1 1, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN): a
 * checker that approves every transfer it is asked about (`true`, or a non-zero balance).
 */
const APPROVING_CODE = "0x600160005260206000f3" as Hex;
/** The amount a mint is asked for when the supply reads zero (10^6 tokens of 18 decimals). */
const WHOLE_SUPPLY_WHEN_NONE = 10n ** 24n;
/**
 * A baseline transfer that failed after using this much of its TRADE_GAS ran out of it (the rest is the simulator's
 * own frame, which says so): the token's every transfer loops (a rebase once per few seconds since the last transfer,
 * a runaway loop), and each probe would spend the same, several hundred calls for one score that compare nothing.
 * CapabilityProbe's baseline stops at the same line (its other holder's transfer and sell are not made).
 */
export const EXHAUSTED_TRANSFER_GAS = (TRADE_GAS * 31n) / 32n;
/** Amount-like arguments tried per mint (a mint takes one; a batch layout may carry a few). */
const MAX_AMOUNT_WORDS = 3;

/**
 * Calls each dispatched function as each candidate caller, with two simulated holders in the same state: the
 * target the call names and another holder who then transfers and sells. An effect counts only when a random
 * caller making the same call does not get it too (a public function is not a privilege).
 */
export class PrivilegedProbes {
  private target = randomActor();
  private other = randomActor();
  /** Fresh addresses given balances by override, or (see fromRealHolders) two real holders as they are. */
  private freshHolders = true;
  private readonly recipient = randomActor();
  /** Named only by the [payee, payee] layout: whatever reaches it went where the call said (a fee wallet setter). */
  private readonly payee = randomActor();
  /** Named instead of the payee once the payee was paid in the native coin: it refuses every payment. */
  private readonly refuser = randomActor();
  /** Named (with the refuser) to a function that may set the contract every transfer asks: see gateEffect. */
  private readonly approver = randomActor();
  private overrides: StateOverrides;
  /** What the token contract holds of itself in the probes (see HELD_WHEN_NONE_DIVISOR). */
  private held = 0n;
  /** The holdings written for the probes when the contract held none of itself; null when it holds some. */
  private heldWritten: bigint | null = null;

  constructor(
    private readonly chain: ChainReader,
    private readonly token: Address,
    /** null when the balance mapping was not found (a reflection token): then two real holders play the holders. */
    private readonly balanceSlot: number | null,
    private amount: bigint,
    private readonly pair: Address | null,
    /** Real non-privileged holders, largest first: the fallback cast when fresh holders cannot transfer. */
    private readonly realHolders: readonly { readonly address: Address; readonly balance: bigint }[] = [],
    private readonly totalSupply: bigint | null = null,
  ) {
    this.overrides = this.overridesFor();
  }

  private overridesFor(held: bigint | null = this.heldWritten): StateOverrides {
    const slot = this.balanceSlot;
    if (slot === null)
      return {
        [this.target]: { code: SIMULATOR_CODE },
        [this.other]: { code: SIMULATOR_CODE },
        [this.refuser]: { code: REFUSING_CODE },
        [this.approver]: { code: APPROVING_CODE },
      };
    const balances = this.freshHolders
      ? {
          [balanceKey(this.target, slot)]: wordHex(this.amount),
          [balanceKey(this.other, slot)]: wordHex(this.amount * OTHER_BALANCE_MULTIPLE),
        }
      : {};
    return {
      [this.target]: { code: SIMULATOR_CODE },
      [this.other]: { code: SIMULATOR_CODE },
      [this.refuser]: { code: REFUSING_CODE },
      [this.approver]: { code: APPROVING_CODE },
      [this.token]: {
        stateDiff: {
          ...balances,
          ...(held === null ? {} : { [balanceKey(this.token, slot)]: wordHex(held) }),
        },
      },
    };
  }

  /**
   * Some tokens keep per-holder state beside the balance (vote checkpoints moved on every transfer, a last-buy
   * time): a balance written by override alone makes every transfer of a fresh holder revert, so the baseline
   * would show a frozen token and hide every power. Then two real holders play the target and the other holder,
   * their state as it is, each moving at most what it owns. False when there are not two of them to use.
   */
  private fromRealHolders(): boolean {
    const [first, second] = this.realHolders;
    if (first === undefined || second === undefined) return false;
    const amount = [this.amount, first.balance, second.balance / OTHER_BALANCE_MULTIPLE].reduce((a, b) =>
      a < b ? a : b,
    );
    if (amount === 0n) return false;
    this.target = first.address;
    this.other = second.address;
    this.amount = amount;
    this.freshHolders = false;
    this.overrides = this.overridesFor();
    return true;
  }

  /**
   * Per caller, the functions that took an address from it (the [payee, payee] call went through) and showed no effect
   * of their own: where a caller may name itself to a role (setVault, addMinter) before the call that role allows.
   */
  private readonly tookAddress = new Map<Address, string[]>();

  /** The contract's own balance as the probes see it; when it holds none, a small one is written for them. */
  private async holdings(): Promise<void> {
    const onChain = await this.chain.tokenBalance(this.token, this.token)();
    // Nothing can be written without the balance mapping: the probes see what the contract holds.
    const none = onChain._tag === "Right" && onChain.right === 0n && this.balanceSlot !== null;
    this.held = none ? this.amount / HELD_WHEN_NONE_DIVISOR : onChain._tag === "Right" ? onChain.right : 0n;
    if (none && this.held > 0n) {
      this.heldWritten = this.held;
      this.overrides = this.overridesFor();
    }
  }

  async run(
    callers: readonly ProbeCaller[],
    selectors: readonly string[],
  ): Promise<{ baseline: HolderEffects | null; effects: PrivilegedEffect[]; outOfGas?: true }> {
    await this.holdings();
    // Without the balance mapping no holder can be given tokens: real holders play them, and a third plays the
    // stranger (see strangerFor), or nothing is probed.
    if (this.balanceSlot === null && (this.realHolders.length < 3 || !this.fromRealHolders()))
      return { baseline: null, effects: [] };
    let baseline = await this.baseline(randomActor());
    if (baseline !== null && !baseline.holders.targetTransferOk && !baseline.holders.otherTransferOk) {
      if (this.fromRealHolders()) baseline = await this.baseline(randomActor());
    }
    if (baseline === null) return { baseline: null, effects: [] };
    const h = baseline.holders;
    // Every probe would burn the same gas and compare nothing: none is made (see EXHAUSTED_TRANSFER_GAS).
    if (!h.targetTransferOk && !h.otherTransferOk && (h.targetTransferGas ?? 0n) >= EXHAUSTED_TRANSFER_GAS)
      return { baseline: h, effects: [], outOfGas: true };
    // Each caller gets its own baseline: its code is replaced by the probe's, and a token that calls it (a
    // tracker, a fee receiver) behaves differently for that alone.
    const own = await Promise.all(callers.map((caller) => this.baseline(caller.address)));
    const tried = await Promise.all(
      callers.flatMap((caller, i) =>
        selectors.map(async (selector) => {
          const callerBaseline = own[i];
          if (callerBaseline === null || callerBaseline === undefined) return null;
          return this.selectorEffect(caller, selector, callerBaseline.holders);
        }),
      ),
    );
    const found = tried.filter((e): e is PrivilegedEffect => e !== null);
    const candidates = found.some((e) => effectKinds(e, e.baseline ?? baseline.holders).includes("mint"))
      ? found
      : [...found, ...(await this.preparedMints(callers, own, selectors))];
    const privileged = await Promise.all(candidates.map((e) => this.notPublic(e, baseline.holders)));
    // A prepared mint's reach is not measured: `again` makes no prelude.
    const effects = await Promise.all(
      candidates
        .filter((_, i) => privileged[i])
        .map(async (e) =>
          e.preparedBy === undefined && effectKinds(e, e.baseline ?? baseline.holders).includes("mint")
            ? this.withMintReach(e)
            : e,
        ),
    );
    return { baseline: baseline.holders, effects };
  }

  /**
   * How far a proven mint reaches (see MintReach): the same call twice in one state, and the call with each
   * amount-like argument raised to the whole supply. A mint of a fixed amount minting it again at the larger
   * argument does not count as the caller's choice.
   */
  private async withMintReach(effect: PrivilegedEffect): Promise<PrivilegedEffect> {
    const twice = await this.again(effect.caller.address, effect.calldata, effect.calldata);
    if (twice === null) return effect;
    const minted = effect.supplyAfter - effect.supplyBefore;
    const whole = effect.supplyBefore > 0n ? effect.supplyBefore : WHOLE_SUPPLY_WHEN_NONE;
    let callerChoosesAmount = false;
    for (const data of withAmount(effect.calldata, whole).slice(0, MAX_AMOUNT_WORDS)) {
      const raised = await this.again(effect.caller.address, data, "0x");
      if (raised !== null && raised.first >= whole && raised.first !== minted) {
        callerChoosesAmount = true;
        break;
      }
    }
    return { ...effect, mintReach: { repeatable: twice.first > 0n && twice.second > 0n, callerChoosesAmount } };
  }

  private async again(
    caller: Address,
    first: Hex,
    second: Hex | "0x",
  ): Promise<{ first: bigint; second: bigint } | null> {
    const outcome = await callOrThrow(
      this.chain,
      { to: caller, from: caller, data: againCalldata(this.token, first, second) },
      { ...this.overrides, [caller]: { code: PROBE_CODE } },
    );
    return outcome.ok ? decodeAgain(outcome.returnData) : null;
  }

  /**
   * The first argument layout with an effect. A function that reached the fee path without proving a fee (the sell
   * tax moved a little, or every transfer stopped: a percent fee given a basis-point value) is called again with
   * plain fee rates, and a fee it can set is reported rather than the stop. One that took the payee and had no other
   * effect than a stop is called again with the contract's holdings past a swap-back threshold (see paidAfterSwapBack).
   */
  private async selectorEffect(
    caller: ProbeCaller,
    selector: string,
    baseline: HolderEffects,
  ): Promise<PrivilegedEffect | null> {
    let found: PrivilegedEffect | null = null;
    let feePath = false;
    let tookPayee = false;
    const named = payeeCalldata(selector, this.payee);
    for (const data of probeCalldatas(selector, this.target, this.token, this.held, this.payee)) {
      const tried = await this.effect(caller, selector, data, baseline);
      feePath ||= tried.feePath;
      tookPayee ||= data === named && tried.callOk;
      if (tried.effect !== null) {
        found = tried.effect;
        break;
      }
    }
    if (found === null && tookPayee)
      this.tookAddress.set(caller.address, [...(this.tookAddress.get(caller.address) ?? []), selector]);
    found ??= await this.gateEffect(caller, selector, baseline);
    const best = await this.withFeeRates(caller, selector, baseline, found, feePath);
    const kinds = best === null ? [] : effectKinds(best, baseline);
    if (!tookPayee || kinds.some((kind) => kind !== "pause")) return this.withRefusingWallet(caller, selector, best);
    return this.withRefusingWallet(
      caller,
      selector,
      (await this.paidAfterSwapBack(caller, selector, baseline)) ?? best,
    );
  }

  /**
   * A mint no caller could make directly may be one a caller grants itself first: an OHM fork's `mint` is the vault's,
   * and the owner names the vault (`setVault`); a minter list is the owner's to fill (`addMinter`). Each dispatched
   * mint (PRIVILEGE_SELECTORS' OWNER_CAN_MINT) is made, to the target, right after each function that took an address
   * from the same caller without an effect of its own, now naming the caller itself. notPublic then has a stranger
   * name itself the same way.
   */
  private async preparedMints(
    callers: readonly ProbeCaller[],
    own: readonly (PrivilegedReport | null)[],
    selectors: readonly string[],
  ): Promise<PrivilegedEffect[]> {
    const mints = selectors.filter((s) => s in PRIVILEGE_SELECTORS.OWNER_CAN_MINT);
    if (mints.length === 0) return [];
    const found = await Promise.all(
      callers.map(async (caller, i) => {
        const callerBaseline = own[i];
        if (callerBaseline === null || callerBaseline === undefined) return null;
        for (const grant of this.tookAddress.get(caller.address) ?? []) {
          if (mints.includes(grant)) continue;
          const preparedBy = { selector: `0x${grant}`, calldata: payeeCalldata(grant, caller.address) };
          for (const mint of mints) {
            const data = probeCalldatas(mint, this.target, this.token, this.held, this.payee)[0]!;
            const { effect } = await this.effect(caller, mint, data, callerBaseline.holders, null, preparedBy);
            if (effect !== null && effectKinds(effect, callerBaseline.holders).includes("mint")) return effect;
          }
        }
        return null;
      }),
    );
    return found.filter((e): e is PrivilegedEffect => e !== null);
  }

  /**
   * A token nobody can transfer at the baseline may be waiting for a contract the owner names and every transfer asks
   * (PIPI's `initBridge`: each transfer requires `bridge.beforeTransfer(...)`, and no bridge is set). The call is made
   * naming a contract that approves every call, then one that refuses every call: holders transferring after the
   * first and not after the second shows that the named contract decides every transfer. A launch switch that takes
   * an address opens trading whatever code is there, and is not a gate.
   */
  private async gateEffect(
    caller: ProbeCaller,
    selector: string,
    baseline: HolderEffects,
  ): Promise<PrivilegedEffect | null> {
    if (baseline.targetTransferOk || baseline.otherTransferOk) return null;
    const data = payeeCalldata(selector, this.approver);
    const opened = await this.report(caller.address, data);
    if (opened === null || opened === READ_ONLY || !opened.callOk) return null;
    if (!opened.holders.targetTransferOk && !opened.holders.otherTransferOk) return null;
    const refused = await this.report(caller.address, payeeCalldata(selector, this.refuser));
    if (refused === null || refused === READ_ONLY || !refused.callOk) return null;
    if (refused.holders.targetTransferOk || refused.holders.otherTransferOk) return null;
    const gate = { approving: this.approver, refusing: this.refuser };
    return { selector: `0x${selector}`, calldata: data, caller, target: this.target, ...opened, baseline, gate };
  }

  /**
   * A fee wallet paid in the native coin, named again as an address that refuses it (same holdings, same state): a
   * token that requires the payment to go through (a router's swap of the fees straight to the wallet does) then
   * reverts every sell, so whoever sets the wallet can stop sells. Recorded on the effect, compared with the call that
   * named the payee.
   */
  private async withRefusingWallet(
    caller: ProbeCaller,
    selector: string,
    effect: PrivilegedEffect | null,
  ): Promise<PrivilegedEffect | null> {
    const payee = effect?.payee;
    if (effect === null || payee === undefined || payee.nativeAfter <= payee.nativeBefore) return effect;
    if (effect.calldata !== payeeCalldata(selector, this.payee) || !effect.holders.sellOk) return effect;
    const refused = await this.report(
      caller.address,
      payeeCalldata(selector, this.refuser),
      effect.heldRaisedTo ?? null,
    );
    if (refused === null || refused === READ_ONLY || !refused.callOk) return effect;
    const stopped = !refused.holders.sellOk && refused.holders.otherTransferOk;
    return stopped ? { ...effect, sellsStopWhenRefused: true } : effect;
  }

  private async withFeeRates(
    caller: ProbeCaller,
    selector: string,
    baseline: HolderEffects,
    found: PrivilegedEffect | null,
    feePath: boolean,
  ): Promise<PrivilegedEffect | null> {
    const kinds = found === null ? [] : effectKinds(found, baseline);
    if (kinds.includes("fee") || !(feePath || kinds.includes("pause"))) return found;
    for (const data of feeRateCalldatas(selector)) {
      const { effect } = await this.effect(caller, selector, data, baseline);
      if (effect !== null && effectKinds(effect, baseline).includes("fee")) return effect;
    }
    return found;
  }

  /**
   * Fees a token sells for the native coin reach its wallet only once the contract holds enough (a swap-back
   * threshold): the payee call made again with the contract's own balance raised (FEE_SWAP_HOLDINGS_DIVISOR), kept
   * only when something then reached the payee.
   */
  private async paidAfterSwapBack(
    caller: ProbeCaller,
    selector: string,
    baseline: HolderEffects,
  ): Promise<PrivilegedEffect | null> {
    const raised = this.feeSwapHoldings();
    if (raised === null) return null;
    const { effect } = await this.effect(caller, selector, payeeCalldata(selector, this.payee), baseline, raised);
    return effect !== null && effectKinds(effect, baseline).includes("redirect_fees") ? effect : null;
  }

  private async effect(
    caller: ProbeCaller,
    selector: string,
    data: Hex,
    baseline: HolderEffects,
    heldRaisedTo: bigint | null = null,
    preparedBy?: PrivilegedEffect["preparedBy"],
  ): Promise<{ effect: PrivilegedEffect | null; feePath: boolean; callOk: boolean }> {
    const report = await this.report(caller.address, data, heldRaisedTo, preparedBy?.calldata);
    if (report === null || report === READ_ONLY || !report.callOk)
      return { effect: null, feePath: false, callOk: false };
    const effect: PrivilegedEffect = {
      selector: `0x${selector}`,
      calldata: data,
      caller,
      target: this.target,
      ...report,
      baseline,
      ...(preparedBy === undefined ? {} : { preparedBy }),
    };
    const h = report.holders;
    const feePath = baseline.sellOk && h.sellOk && (h.sellTaxBps ?? 0) !== (baseline.sellTaxBps ?? 0);
    return { effect: effectKinds(effect, baseline).length > 0 ? effect : null, feePath, callOk: true };
  }

  /** The same call from a stranger (see strangerFor): if it has every effect the candidate had, nothing is privileged. */
  private async notPublic(effect: PrivilegedEffect, baseline: HolderEffects): Promise<boolean> {
    const stranger = this.strangerFor();
    // A prepared call is made again with the stranger naming itself: whoever may do that has the power too.
    const prelude =
      effect.preparedBy === undefined ? undefined : payeeCalldata(effect.preparedBy.selector.slice(2), stranger);
    const report = await this.report(stranger, effect.calldata, effect.heldRaisedTo ?? null, prelude);
    if (report === null || (report !== READ_ONLY && !report.callOk)) return true;
    // For a stranger the call changes nothing: whatever it did for the candidate was the candidate's privilege.
    const theirs = new Set(
      report === READ_ONLY
        ? []
        : effectKinds({ ...effect, ...report, caller: { address: stranger, role: "stored", slot: null } }, baseline),
    );
    return effectKinds(effect, effect.baseline ?? baseline).some((kind) => !theirs.has(kind));
  }

  /**
   * Who makes the call again to tell a privilege from a public function: a random address, except where no balance
   * can be written (no balance mapping found, a reflection token): there a third real holder, so a public function
   * that needs the caller to hold tokens (a reflection `deliver`) works for it as for the candidate.
   */
  private strangerFor(): Address {
    const third = this.realHolders[2];
    return this.balanceSlot === null && third !== undefined ? third.address : randomActor();
  }

  /** A baseline (empty `data`) is never read-only: no call is made. */
  private async baseline(caller: Address): Promise<PrivilegedReport | null> {
    const report = await this.report(caller, "0x");
    return report === READ_ONLY ? null : report;
  }

  /** The contract's holdings for a second call naming the payee (see FEE_SWAP_HOLDINGS_DIVISOR); null when no more. */
  private feeSwapHoldings(): bigint | null {
    if (this.balanceSlot === null) return null;
    const raised = this.totalSupply === null ? 0n : this.totalSupply / FEE_SWAP_HOLDINGS_DIVISOR;
    return raised > this.held ? raised : null;
  }

  /** `heldRaisedTo`: the contract's own balance written for this call instead of the probes' (see PrivilegedEffect). */
  private async report(
    caller: Address,
    data: Hex | "0x",
    heldRaisedTo: bigint | null = null,
    prelude?: Hex,
  ): Promise<PrivilegedReport | typeof READ_ONLY | null> {
    const call = privilegedCalldata({
      token: this.token,
      data,
      ...(prelude === undefined ? {} : { prelude }),
      target: this.target,
      other: this.other,
      pair: this.pair,
      amount: this.amount,
      recipient: this.recipient,
      payee: this.payee,
    });
    const overrides = heldRaisedTo === null ? this.overrides : this.overridesFor(heldRaisedTo);
    const outcome = await callOrThrow(
      this.chain,
      { to: caller, from: caller, data: call },
      { ...overrides, [caller]: { code: PROBE_CODE } },
    );
    if (!outcome.ok) return null;
    const report = decodePrivileged(outcome.returnData, this.payee, this.amount);
    return report === READ_ONLY || heldRaisedTo === null ? report : { ...report, heldRaisedTo };
  }
}
