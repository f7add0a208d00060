import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import { ChainReader } from "../../application/ports/chain-reader.port";
import type {
  NftCapabilityProbeRequest,
  NftCapabilityProber,
} from "../../application/ports/nft-capability-prober.port";
import type { Address } from "../../domain/chain/address";
import { opcodeFindings } from "../../domain/chain/evm-disassembler";
import type { ProbeCaller } from "../../domain/scoring/profiles/capabilities";
import type {
  NftAttempt,
  NftCapabilityEvidence,
  NftOversupplyAttempt,
  NftSample,
} from "../../domain/scoring/profiles/nft-capabilities";
import { nftEffectKinds } from "../../domain/scoring/nft/nft-capability-effects";
import { asHex } from "../shared/hex-values";
import { decodeWord } from "./abi-probes";
import { NFT_CAPABILITY_PROBE_RUNTIME } from "./nft-capability-probe-bytecode";
import {
  type AttemptOutcome,
  MAX_SUPPLY_GETTERS,
  NFT_STANDARD_SELECTORS,
  type ProbeCall,
  decodeReadings,
  decodeTryAll,
  nftProbeCalls,
  nftReads,
  oversupplyCalls,
  tryAllCalldata,
} from "./nft-probe-calls";
import { candidateCallers, readOwner, readStoredAddresses } from "./owner-discovery";
import { inspectProxy } from "./proxy-inspection";
import { UpstreamError, callOrThrow, randomActor } from "./sell-simulator-calls";

const PROBE_CODE = asHex(NFT_CAPABILITY_PROBE_RUNTIME);
/** At most this many non-standard functions are tried (the rest are a stated gap). */
const MAX_SELECTORS = 16;
/** Most attempts in one eth_call (each reads six views twice). */
const ATTEMPTS_PER_CALL = 72;
/** The attempts' gas in one eth_call: inside a node's eth_call gas cap (30M on the dev chain, 50M geth's default). */
const GAS_PER_ETH_CALL = 24_000_000n;
/** Gas for an attempted call: a mint, burn or URI change of one item fits several times over. */
const GAS_PER_ATTEMPT = 400_000n;
/**
 * Gas for an attempt that ran out on the first try, when no other argument layout of its function changed anything
 * (a fixed batch mint: ~20 items); a runaway loop is cut. A node's time grows faster than the gas it burns (EDR:
 * ~40 ms a million gas of a tight loop up to 1M, ~120 ms above), so the large budget is spent only where it can help.
 */
const GAS_PER_RETRY = 1_500_000n;
/** A cap further than this from the supply is not reached by one simulated mint (stated as a gap). */
const MAX_OVERSUPPLY_STEP = 100n;
const GAS_PER_OVERSUPPLY = 12_000_000n;

type Caller = ProbeCaller | { readonly address: Address; readonly role: "anyone"; readonly slot: null };

/**
 * NftCapabilityProber over eth_call with state overrides: the NftCapabilityProbe contract, placed at a candidate
 * caller's address, tries every (function, argument layout) pair in one eth_call, each rolled back, reading
 * totalSupply, ownerOf, balances and tokenURI before and after. A random address makes the same calls.
 */
@injectable()
export class EthCallNftCapabilityProber implements NftCapabilityProber {
  constructor(@inject(ChainReader) private readonly chain: ChainReader) {}

  probe(request: NftCapabilityProbeRequest): TE.TaskEither<UpstreamFailure, NftCapabilityEvidence> {
    return TE.tryCatch(
      () => this.evidence(request),
      (error) =>
        error instanceof UpstreamError
          ? error.failure
          : upstreamFailure("rpc", `NFT capability probes: ${String(error)}`),
    );
  }

  private async evidence(request: NftCapabilityProbeRequest): Promise<NftCapabilityEvidence> {
    const { contract, standard } = request;
    const [owner, proxy, maxSupply] = await Promise.all([
      readOwner(this.chain, contract),
      inspectProxy(this.chain, contract, request.creationBlock ?? 0, request.blockNumber),
      this.maxSupply(contract),
    ]);
    const stored = await readStoredAddresses(this.chain, contract, new Set(owner === null ? [] : [owner]));
    const callers = candidateCallers(owner, stored, request.deployer);
    const code = proxy === null ? request.bytecode : proxy.implementationCode;
    const dispatched = opcodeFindings(code).dispatched.filter((s) => !NFT_STANDARD_SELECTORS.has(s));
    const selectors = dispatched.slice(0, MAX_SELECTORS);
    const candidates = new Set(callers.map((c) => c.address));
    const sample: NftSample | null = request.holdings.find((h) => !candidates.has(h.holder)) ?? null;
    const recipient = randomActor();
    const stranger = randomActor();
    // The first "call" is empty: its readings are the baseline even when no function is dispatched.
    const calls: ProbeCall[] = [
      { selector: "", layout: "(baseline)", data: asHex("0x") },
      ...selectors.flatMap((s) => nftProbeCalls(s, standard, recipient, sample)),
    ];
    const gaps: string[] = [];
    if (sample === null)
      gaps.push(
        "No item is held by anyone other than the candidate callers: burns, moves and metadata changes were not measured.",
      );

    const [strangerRun, ...callerRuns] = await Promise.all(
      [stranger, ...callers.map((c) => c.address)].map((address) =>
        this.attemptAll(contract, address, calls, nftReads(standard, sample, recipient, address)),
      ),
    );
    if (strangerRun === null || callerRuns.some((r) => r === null))
      gaps.push("A batch of simulated calls could not run (the node refused it): some effects are unknown.");
    const attempts: NftAttempt[] = [];
    callers.forEach((caller, c) => {
      calls.forEach((call, i) => {
        if (i === 0) return;
        const mine = callerRuns[c]?.[i] ?? null;
        const theirs = strangerRun?.[i] ?? null;
        if (mine === null || (!changed(mine) && (theirs === null || !changed(theirs)))) return;
        attempts.push({
          selector: call.selector,
          layout: call.layout,
          caller,
          callOk: mine.callOk,
          before: decodeReadings(mine.before, standard),
          after: decodeReadings(mine.after, standard),
          stranger:
            theirs === null
              ? null
              : {
                  address: stranger,
                  callOk: theirs.callOk,
                  before: decodeReadings(theirs.before, standard),
                  after: decodeReadings(theirs.after, standard),
                },
        });
      });
    });
    const baseline = strangerRun?.[0] ?? null;
    const before = baseline === null || baseline === undefined ? null : decodeReadings(baseline.before, standard);
    const oversupply = await this.oversupply(request, attempts, sample, maxSupply, before?.totalSupply ?? null, gaps);
    return {
      blockNumber: request.blockNumber,
      standard,
      owner,
      callers,
      recipient,
      sample,
      sampleUriRead: before?.uriHash != null,
      probedSelectors: selectors.map((s) => `0x${s}`),
      skippedSelectors: dispatched.length - selectors.length,
      attempts,
      maxSupply,
      oversupply,
      upgradeable: proxy !== null,
      gaps,
    };
  }

  /** The mints found (privileged or public) asked for one item more than the cap leaves, as whoever minted. */
  private async oversupply(
    request: NftCapabilityProbeRequest,
    attempts: readonly NftAttempt[],
    sample: NftSample | null,
    max: NftCapabilityEvidence["maxSupply"],
    supply: bigint | null,
    gaps: string[],
  ): Promise<NftOversupplyAttempt[] | null> {
    if (max === null) return null;
    if (supply === null) {
      gaps.push(`${max.getter} is ${max.value} but totalSupply() does not answer: minting past the cap was not tried.`);
      return null;
    }
    const minters = new Map<string, { selector: string; caller: Caller }>();
    for (const a of attempts) {
      const s = a.stranger;
      if (a.callOk && nftEffectKinds(request.standard, sample, a.before, a.after).includes("mint"))
        minters.set(`${a.selector}|${a.caller.address}`, { selector: a.selector, caller: a.caller });
      else if (s !== null && s.callOk && nftEffectKinds(request.standard, sample, s.before, s.after).includes("mint"))
        minters.set(`${a.selector}|anyone`, {
          selector: a.selector,
          caller: { address: s.address, role: "anyone", slot: null },
        });
    }
    if (minters.size === 0) return null;
    const requested = max.value > supply ? max.value - supply + 1n : 1n;
    if (requested > MAX_OVERSUPPLY_STEP) {
      gaps.push(
        `The cap (${max.getter} = ${max.value}) is ${requested - 1n} items above the supply: minting past it was not simulated.`,
      );
      return null;
    }
    const recipient = randomActor();
    const tried = await Promise.all(
      [...minters.values()].map(async ({ selector, caller }) => {
        const calls = oversupplyCalls(selector, recipient, requested);
        const reads = nftReads(request.standard, sample, recipient, caller.address);
        const run = await this.tryAll(request.contract, caller.address, calls, reads, GAS_PER_OVERSUPPLY);
        return calls.map((_, i): NftOversupplyAttempt => {
          const outcome = run?.[i] ?? null;
          const readings =
            outcome === null
              ? null
              : [decodeReadings(outcome.before, request.standard), decodeReadings(outcome.after, request.standard)];
          return {
            selector,
            caller,
            requested,
            callOk: outcome?.callOk ?? false,
            supplyBefore: readings?.[0]?.totalSupply ?? null,
            supplyAfter: readings?.[1]?.totalSupply ?? null,
          };
        });
      }),
    );
    return tried.flat();
  }

  private async maxSupply(contract: Address): Promise<NftCapabilityEvidence["maxSupply"]> {
    const answers = await Promise.all(
      MAX_SUPPLY_GETTERS.map(async ([getter, data]) => {
        const outcome = await callOrThrow(this.chain, { to: contract, data });
        const value = outcome.ok && outcome.returnData.length === 66 ? decodeWord(outcome.returnData) : null;
        return value === null || value === 0n ? null : { getter, value };
      }),
    );
    return answers.find((a) => a !== null) ?? null;
  }

  /**
   * Every call as `caller` with GAS_PER_ATTEMPT, then again with GAS_PER_RETRY the ones that ran out of gas, except
   * where another layout of the same function changed something: that function has shown its effect, and the layout
   * that ran out read an address or an id as a count (mint(uint256) given the recipient), a loop no gas ends.
   */
  private async attemptAll(
    contract: Address,
    caller: Address,
    calls: readonly ProbeCall[],
    reads: readonly ReturnType<typeof asHex>[],
  ): Promise<(AttemptOutcome | null)[] | null> {
    const first = await this.tryAll(contract, caller, calls, reads, GAS_PER_ATTEMPT);
    if (first === null) return null;
    const shown = new Set(calls.filter((_, i) => first[i] != null && changed(first[i])).map((c) => c.selector));
    const retried = calls.flatMap((c, i) => (first[i]?.exhausted === true && !shown.has(c.selector) ? [i] : []));
    if (retried.length === 0) return first;
    const again = await this.tryAll(
      contract,
      caller,
      retried.map((i) => calls[i]!),
      reads,
      GAS_PER_RETRY,
    );
    if (again === null) return null;
    const outcomes = [...first];
    retried.forEach((i, k) => (outcomes[i] = again[k] ?? null));
    return outcomes;
  }

  /** Every call as `caller`, in as few eth_calls as the gas and batch sizes allow; null when one could not run. */
  private async tryAll(
    contract: Address,
    caller: Address,
    calls: readonly ProbeCall[],
    reads: readonly ReturnType<typeof asHex>[],
    gas: bigint,
  ): Promise<(AttemptOutcome | null)[] | null> {
    const perCall = Math.max(1, Math.min(ATTEMPTS_PER_CALL, Number(GAS_PER_ETH_CALL / gas)));
    const batches: ProbeCall[][] = [];
    for (let i = 0; i < calls.length; i += perCall) batches.push(calls.slice(i, i + perCall));
    const answers = await Promise.all(
      batches.map((batch) =>
        callOrThrow(
          this.chain,
          { to: caller, from: caller, data: tryAllCalldata(contract, batch, reads, gas), gas: GAS_PER_ETH_CALL },
          { [caller]: { code: PROBE_CODE } },
        ),
      ),
    );
    if (answers.some((a) => !a.ok)) return null;
    return answers.flatMap((a) => (a.ok ? decodeTryAll(a.returnData) : []));
  }
}

function changed(outcome: AttemptOutcome): boolean {
  return outcome.before.some((w, i) => w !== outcome.after[i]);
}
