import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type {
  CapabilityProbeRequest,
  ContractCapabilityProber,
} from "../../application/ports/contract-capability-prober.port";
import { ChainReader } from "../../application/ports/chain-reader.port";
import { type Address, ZERO_ADDRESS } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { opcodeFindings } from "../../domain/chain/evm-disassembler";
import type {
  CapabilityEvidence,
  PrivilegedCallInHistory,
  ProbeCaller,
} from "../../domain/scoring/profiles/capabilities";
import { PrivilegedProbes } from "./privileged-probes";
import { inspectProxy } from "./proxy-inspection";
import { candidateCallers, readPendingOwner, readStoredAddresses } from "./owner-discovery";
import { cooldown, sellSizes, tracedTransfer, whale } from "./capability-simulations";
import { STANDARD_SELECTORS } from "./capability-probe-calls";
import { TRADE_GAS, UpstreamError, findBalanceSlot } from "./sell-simulator-calls";
import { run } from "./run-task";

const MAX_SELECTORS = 40;
const MAX_HISTORY_CALLS = 25;
/** What the probed holders hold of a token with no supply yet: one token at 18 decimals (any positive amount serves). */
const PROBE_SIZE_WHEN_NO_SUPPLY = 10n ** 18n;

/**
 * ContractCapabilityProber over eth_call with state overrides (any node that serves them) plus
 * debug_traceCall where served. Every finding is a measured outcome of a call; see the port.
 */
@injectable()
export class EthCallCapabilityProber implements ContractCapabilityProber {
  private readonly slots = new Map<Address, Promise<number | null>>();

  constructor(@inject(ChainReader) private readonly chain: ChainReader) {}

  probe(request: CapabilityProbeRequest): TE.TaskEither<UpstreamFailure, CapabilityEvidence> {
    return TE.tryCatch(
      () => this.evidence(request),
      (error) =>
        error instanceof UpstreamError ? error.failure : upstreamFailure("rpc", `capability probes: ${String(error)}`),
    );
  }

  private async evidence(request: CapabilityProbeRequest): Promise<CapabilityEvidence> {
    const { token } = request;
    const gaps: string[] = [];
    const pool = request.pools.find((p) => p.tokenReserve > 0n && p.quoteReserve > 0n) ?? null;
    const [balanceSlot, quoteSlot, pendingOwner, stored, proxy] = await Promise.all([
      this.slotOf(token),
      pool === null ? Promise.resolve(null) : this.slotOf(pool.quoteToken),
      this.pendingOwner(token),
      this.storedAddresses(request),
      inspectProxy(this.chain, token, request.creationBlock ?? 0, request.blockNumber),
    ]);
    const code = proxy === null ? request.bytecode : proxy.implementationCode;
    const selectors = opcodeFindings(code)
      .dispatched.filter((s) => !STANDARD_SELECTORS.has(s))
      .slice(0, MAX_SELECTORS);
    const size = this.probeSize(request, pool);
    // Without the balance mapping no balance can be written: real holders play the probed holders and the stranger.
    const realHolders = request.holders.length >= 3;
    if (balanceSlot === null)
      gaps.push(
        realHolders
          ? "The token's balance mapping was not found: privileged calls were simulated with three real holders; sell sizes were not simulated."
          : "The token's balance mapping was not found: privileged calls and sell sizes were not simulated.",
      );
    if (pool === null) gaps.push("No pool with reserves: sells, cooldowns and buy limits were not simulated.");

    const privileged =
      (balanceSlot === null && !realHolders) || size === 0n
        ? { baseline: null, effects: [] }
        : await new PrivilegedProbes(
            this.chain,
            token,
            balanceSlot,
            size,
            pool?.pool ?? null,
            request.holders,
            request.totalSupply,
          ).run(this.callers(request, stored), selectors);
    // Sells start with the same transfer: each would spend its whole budget and tell nothing.
    const sells = pool !== null && balanceSlot !== null && privileged.outOfGas !== true;
    if (privileged.outOfGas === true)
      gaps.push(
        `A holder's transfer ran out of gas (it spent the ${TRADE_GAS / 1_000_000n}M a simulated transfer is given and failed): no privileged call, sell size or cooldown was simulated, since each would run out the same way.`,
      );
    const holder = request.holders[0] ?? (await this.ownerOrDeployerHolding(request));
    const [sizes, cool, big, trace] = await Promise.all([
      sells ? sellSizes(this.chain, token, pool, balanceSlot, size) : null,
      sells ? cooldown(this.chain, token, pool, balanceSlot, size) : null,
      pool !== null && quoteSlot !== null && request.totalSupply !== null
        ? whale(this.chain, pool, quoteSlot, request.totalSupply)
        : null,
      holder === undefined ? null : tracedTransfer(this.chain, token, holder.address, holder.balance),
    ]);
    if (holder === undefined) gaps.push("No holder to trace a transfer with: external calls in transfers are unknown.");
    else if (trace === null)
      gaps.push("The node does not serve debug_traceCall: external calls in transfers are unknown (not absent).");
    const effectSelectors = new Set(privileged.effects.map((e) => e.selector));
    return {
      blockNumber: request.blockNumber,
      owner: request.owner,
      pendingOwner,
      storedAddresses: stored,
      balanceSlot,
      probedSelectors: selectors.map((s) => `0x${s}`),
      baseline: privileged.baseline,
      effects: privileged.effects,
      proxy,
      sellSizes: sizes,
      cooldown: cool,
      whale: big,
      transferTrace: trace,
      history: await this.historyCalls(request, effectSelectors),
      gaps,
    };
  }

  /**
   * With no ordinary holder yet (nothing traded, or every trade failed), the owner's or the deployer's own transfer is
   * traced: the code a transfer runs is the same for them, and a transfer that reverts even for them is a finding.
   */
  private async ownerOrDeployerHolding(
    request: CapabilityProbeRequest,
  ): Promise<{ address: Address; balance: bigint } | undefined> {
    for (const candidate of [request.owner, request.deployer]) {
      if (candidate === null || candidate === ZERO_ADDRESS) continue;
      const balance = await run(this.chain.tokenBalance(request.token, candidate));
      if (balance > 0n) return { address: candidate, balance };
    }
    return undefined;
  }

  /**
   * 0.1% of the deepest pool's token reserve (small enough that no limit applies), else 0.01% of the supply. A token
   * whose supply is still zero (an OHM fork mints only through its vault) is probed with a nominal amount: its powers
   * are there before any token is, and a mint is what matters most on it.
   */
  private probeSize(request: CapabilityProbeRequest, pool: { tokenReserve: bigint } | null): bigint {
    if (pool !== null) return pool.tokenReserve / 1_000n;
    if (request.totalSupply === null) return 0n;
    return request.totalSupply > 0n ? request.totalSupply / 10_000n : PROBE_SIZE_WHEN_NO_SUPPLY;
  }

  private callers(request: CapabilityProbeRequest, stored: CapabilityEvidence["storedAddresses"]): ProbeCaller[] {
    return candidateCallers(request.owner, stored, request.deployer);
  }

  private pendingOwner(token: Address): Promise<Address | null> {
    return readPendingOwner(this.chain, token);
  }

  private storedAddresses(request: CapabilityProbeRequest): Promise<CapabilityEvidence["storedAddresses"]> {
    const known = new Set<Address>([ZERO_ADDRESS, ...request.pools.map((p) => p.pool)]);
    if (request.owner !== null) known.add(request.owner);
    return readStoredAddresses(this.chain, request.token, known);
  }

  /** Mined transactions to the token that called a function with a proven privileged effect, with their arguments. */
  private async historyCalls(
    request: CapabilityProbeRequest,
    selectors: ReadonlySet<string>,
  ): Promise<PrivilegedCallInHistory[]> {
    const calls = request.history
      .filter((tx) => tx.to === request.token && tx.success && selectors.has(tx.selector))
      .slice(-MAX_HISTORY_CALLS);
    return Promise.all(
      calls.map(async (tx) => {
        const input = await run(this.chain.transactionInput(tx.hash));
        return {
          txHash: tx.hash,
          blockNumber: tx.blockNumber,
          timestamp: tx.timestamp,
          from: tx.from,
          selector: tx.selector,
          args: input === null ? null : words(input),
        };
      }),
    );
  }

  private slotOf(token: Address): Promise<number | null> {
    let slot = this.slots.get(token);
    if (slot === undefined) {
      slot = findBalanceSlot(this.chain, token);
      this.slots.set(token, slot);
      void slot.catch(() => this.slots.delete(token));
    }
    return slot;
  }
}

function words(input: Hex): bigint[] {
  const body = input.slice(10);
  const out: bigint[] = [];
  for (let i = 0; i + 64 <= body.length && out.length < 8; i += 64) out.push(BigInt(`0x${body.slice(i, i + 64)}`));
  return out;
}
