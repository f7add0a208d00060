import type { Address } from "../../chain/address";
import type { CallTrace, ChainTime, Hex, TxHash } from "../../chain/chain-types";
import type { SimulationActorRole } from "./market";

/** Who a privileged call was tried as, and why that address was a candidate. */
export interface ProbeCaller {
  readonly address: Address;
  /** `stored`: found in a storage slot of the token without being owner(); `deployer`: the creator. */
  readonly role: "owner" | "pending_owner" | "stored" | "deployer";
  readonly slot: number | null;
}

/** What holders could do right after a call (or with no call: the baseline), measured in the same eth_call. */
export interface HolderEffects {
  /** The call's target (a simulated holder) could still transfer. */
  readonly targetTransferOk: boolean;
  /** Another simulated holder, untouched by the call, could transfer. */
  readonly otherTransferOk: boolean;
  /** That other holder could sell into the pool, and what the sell kept as tax (null when it did not run). */
  readonly sellOk: boolean;
  /** Against the price quoted before the sell: includes what a swap-back of the contract's fees inside it cost. */
  readonly sellTaxBps: number | null;
  /**
   * The token's fee on that sell, in tokens: the part of the amount sold that the pair did not receive (null when the
   * sell did not run, absent where it was not measured). A swap-back switched on or off moves sellTaxBps, not this.
   */
  readonly sellFeeBps?: number | null;
  /**
   * The gas the target's transfer used, whether it went through or not (absent where not measured). A transfer that
   * failed after spending nearly all it was given (a simulated transfer's budget, millions) ran out of gas: a token
   * whose every transfer loops.
   */
  readonly targetTransferGas?: bigint;
}

/**
 * One call to a dispatched function as a candidate privileged caller, with its measured effect. Only calls
 * with an effect that the same call from a random address does not have are reported.
 */
export interface PrivilegedEffect {
  readonly selector: string;
  readonly calldata: Hex;
  readonly caller: ProbeCaller;
  /** The simulated holder the call named (its address is the calldata's first word when it has one). */
  readonly target: Address;
  readonly supplyBefore: bigint;
  readonly supplyAfter: bigint;
  readonly targetBefore: bigint;
  readonly targetAfter: bigint;
  readonly callerBefore: bigint;
  readonly callerAfter: bigint;
  /** The token contract's own balance before and after (fees it collected): absent when not measured. */
  readonly tokenHeldBefore?: bigint;
  readonly tokenHeldAfter?: bigint;
  readonly ownerBefore: Address | null;
  readonly ownerAfter: Address | null;
  readonly holders: HolderEffects;
  /** What holders could do with this caller in place but no call made (its own baseline), when measured. */
  readonly baseline?: HolderEffects;
  /** For a mint: how far it reaches (measured by calling it again), absent when not measured. */
  readonly mintReach?: MintReach;
  /**
   * The call the same caller made first, naming itself (`setVault(caller)`, `addMinter(caller)`): the power is one the
   * caller grants itself in two steps. Absent for a call made alone.
   */
  readonly preparedBy?: { readonly selector: string; readonly calldata: Hex };
  /** What a fresh address only the call could name received while the holders transferred and sold. */
  readonly payee?: PayeeReceipts;
  /**
   * The contract's own balance written for this call, past a swap-back threshold, so that a holder's sell pays out
   * the fees it collected: absent for calls made in the probes' ordinary state. Only the payee's receipts are read
   * from such a call (its holders' effects are not comparable with the baseline's).
   */
  readonly heldRaisedTo?: bigint;
  /**
   * The call named, instead of the payee it paid in the native coin, an address that refuses that coin, and every
   * holder's sell then reverted while transfers went through: who sets the wallet can stop sells. Absent when not
   * measured (nothing paid in the coin).
   */
  readonly sellsStopWhenRefused?: boolean;
  /**
   * Holders could not transfer before the call, and the address argument decided whether they can after it: named as
   * a contract that approves every call, they could; named as one that refuses every call, none could. Every transfer
   * asks the contract the call names (a "bridge" or "checker" set by the owner). Absent when not measured (holders
   * could transfer before the call, or the argument's code made no difference).
   */
  readonly gate?: NamedGate;
}

/** The two contracts a gate call was made with (see PrivilegedEffect.gate): code that approves, code that refuses. */
export interface NamedGate {
  readonly approving: Address;
  readonly refusing: Address;
}

/**
 * Tokens and native coin a fresh address received between the probed call and the end of the holders' transfers and
 * sell (the `payee`, named by no one but the call): a fee credited to it, or the coin the contract's swap of its
 * collected fees paid it.
 */
export interface PayeeReceipts {
  readonly address: Address;
  readonly tokensBefore: bigint;
  readonly tokensAfter: bigint;
  readonly nativeBefore: bigint;
  readonly nativeAfter: bigint;
}

/**
 * Whether a privileged mint can make any number of tokens: the same call made again right after it minted again
 * (repeatable), or the call with its amount raised to the whole supply minted that much (the caller chooses the
 * amount). Neither: a one-time or rate-limited mint of a fixed or capped amount (a farm's allocation, a governance
 * token's yearly inflation cap).
 */
export interface MintReach {
  readonly repeatable: boolean;
  readonly callerChoosesAmount: boolean;
}

export interface ProxyFacts {
  readonly standard: "eip1967" | "eip1822" | "beacon";
  /** The storage slot the implementation (or beacon) address was read from. */
  readonly slot: Hex;
  readonly implementation: Address;
  /** Who can upgrade: the EIP-1967 admin slot (a transparent proxy's ProxyAdmin), or the beacon; null for UUPS. */
  readonly admin: Address | null;
  readonly adminKind: AccountKind | null;
  /** owner() of an admin that is a contract (ProxyAdmin, beacon): who really decides, and what it is. */
  readonly adminOwner: Address | null;
  readonly adminOwnerKind: AccountKind | null;
  readonly implementationCode: Hex;
  /**
   * Upgraded(address) events (the proxy's, or the beacon's for a beacon proxy), oldest first: the first sets
   * the initial implementation. `timestamp` is the block's chain time, null when the block could not be read.
   */
  readonly upgrades: readonly {
    readonly blockNumber: number;
    readonly timestamp: ChainTime | null;
    readonly txHash: TxHash;
    readonly implementation: Address;
  }[];
}

/** An externally owned account, a contract, or a timelock (a contract answering getMinDelay()). */
export type AccountKind = "eoa" | "contract" | "timelock";

export interface SizedAttempt {
  readonly amount: bigint;
  readonly ok: boolean;
  readonly reason: string | null;
}

/** A holder sells 1% of a balance, then (separately) all of it. */
export interface SellSizeProbe {
  readonly holder: Address;
  readonly holderRole: SimulationActorRole;
  readonly balance: bigint;
  readonly small: SizedAttempt;
  readonly all: SizedAttempt;
}

/** Two sells of the same size by one seller inside one call (the same block). */
export interface CooldownProbe {
  readonly seller: Address;
  readonly amount: bigint;
  readonly first: boolean;
  readonly second: boolean;
}

/** A small buy and a buy of a large share of the supply, each from a fresh address. */
export interface WhaleProbe {
  readonly small: SizedAttempt;
  readonly large: SizedAttempt;
  /** What the large buy would have delivered, in basis points of the total supply. */
  readonly largeShareBps: number;
}

/** A plain transfer by a holder, traced opcode by opcode. */
export interface TransferTrace {
  readonly holder: Address;
  readonly amount: bigint;
  readonly trace: CallTrace;
}

/** A mined transaction to the token that called a function the probes found privileged. */
export interface PrivilegedCallInHistory {
  readonly txHash: TxHash;
  readonly blockNumber: number;
  readonly timestamp: ChainTime;
  readonly from: Address;
  readonly selector: string;
  /** Calldata words after the selector, when the node still had the transaction. */
  readonly args: readonly bigint[] | null;
}

/** Everything the capability probes saw, for the domain to turn into flags. */
export interface CapabilityEvidence {
  readonly blockNumber: number;
  /** owner() (zero address when renounced), null when there is no owner(). */
  readonly owner: Address | null;
  /** Ownable2Step pendingOwner(), null when absent or zero. */
  readonly pendingOwner: Address | null;
  /** Address-shaped words in the token's first storage slots that are not owner(), the token or a pool. */
  readonly storedAddresses: readonly { readonly slot: number; readonly address: Address }[];
  /** Slot of the balance mapping, when found (OWNER_CAN_CHANGE_BALANCE names its keys). */
  readonly balanceSlot: number | null;
  readonly probedSelectors: readonly string[];
  readonly baseline: HolderEffects | null;
  readonly effects: readonly PrivilegedEffect[];
  readonly proxy: ProxyFacts | null;
  readonly sellSizes: SellSizeProbe | null;
  readonly cooldown: CooldownProbe | null;
  readonly whale: WhaleProbe | null;
  /** Null when tracing is not served by the node (stated as a limitation). */
  readonly transferTrace: TransferTrace | null;
  readonly history: readonly PrivilegedCallInHistory[];
  /** What could not be probed, and why. */
  readonly gaps: readonly string[];
}
