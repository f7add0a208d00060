import { HashRows, Interned, grown } from "./compact-columns";

/**
 * Bounded rings of recent facts per node (the latest `bound` kept, oldest first), held in shared columns:
 * a node's ring is a block of 1, 2, 4, ... slots (up to `bound`), moved to a block twice as large when full
 * and, at `bound`, turned in place. Freed blocks are reused by size. Subclasses own the slot columns.
 */
abstract class RingPool {
  private start = new Int32Array(0);
  private capacity = new Uint16Array(0);
  private length = new Uint16Array(0);
  private head = new Uint16Array(0);
  private slots = 0;
  private readonly free = new Map<number, number[]>();

  /** Latest entries kept per node (lengths are 16-bit: at most 65,535). */
  readonly bound: number;

  constructor(bound: number) {
    this.bound = Math.min(bound, 0xffff);
  }

  protected abstract copySlot(from: number, to: number): void;
  protected abstract reserve(slots: number): void;

  /** The slot to write `node`'s newest entry to (its oldest dropped past the bound), or -1 when nothing is kept. */
  protected next(node: number): number {
    if (this.bound <= 0) return -1;
    this.ensure(node);
    const cap = this.capacity[node]!;
    const len = this.length[node]!;
    if (len < cap) {
      this.length[node] = len + 1;
      return this.start[node]! + len;
    }
    if (cap === this.bound) {
      const h = this.head[node]!;
      this.head[node] = (h + 1) % cap;
      return this.start[node]! + h;
    }
    const to = this.allocate(Math.min(this.bound, Math.max(1, cap * 2)));
    for (let i = 0; i < len; i++) this.copySlot(this.start[node]! + i, to + i);
    if (cap > 0) this.release(this.start[node]!, cap);
    this.start[node] = to;
    this.capacity[node] = Math.min(this.bound, Math.max(1, cap * 2));
    this.length[node] = len + 1;
    return to + len;
  }

  /** `node`'s slots, oldest first. */
  protected ring(node: number): number[] {
    if (node >= this.capacity.length) return [];
    const cap = this.capacity[node]!;
    const len = this.length[node]!;
    const out: number[] = new Array(len);
    for (let i = 0; i < len; i++) out[i] = this.start[node]! + ((this.head[node]! + i) % cap);
    return out;
  }

  /** Frees `node`'s ring (the node is dropped). */
  drop(node: number): void {
    if (node >= this.capacity.length || this.capacity[node] === 0) return;
    this.release(this.start[node]!, this.capacity[node]!);
    this.capacity[node] = 0;
    this.length[node] = 0;
    this.head[node] = 0;
  }

  /** Node `from`'s ring becomes node `to`'s (compaction after `to` was dropped or moved). */
  move(from: number, to: number): void {
    if (from === to || from >= this.capacity.length) return;
    this.start[to] = this.start[from]!;
    this.capacity[to] = this.capacity[from]!;
    this.length[to] = this.length[from]!;
    this.head[to] = this.head[from]!;
    this.capacity[from] = 0;
    this.length[from] = 0;
    this.head[from] = 0;
  }

  private ensure(node: number): void {
    if (node < this.capacity.length) return;
    this.start = grown(this.start, node + 1);
    this.capacity = grown(this.capacity, node + 1);
    this.length = grown(this.length, node + 1);
    this.head = grown(this.head, node + 1);
  }

  private allocate(size: number): number {
    const reused = this.free.get(size)?.pop();
    if (reused !== undefined) return reused;
    const at = this.slots;
    this.slots += size;
    this.reserve(this.slots);
    return at;
  }

  private release(at: number, size: number): void {
    const list = this.free.get(size);
    if (list === undefined) this.free.set(size, [at]);
    else list.push(at);
  }
}

export interface SendSlot {
  /** The receiver's address: the graph's own key string, kept even when that node is dropped. */
  readonly to: string;
  readonly asset: string;
  readonly value: bigint;
  readonly txHash: string;
  readonly block: number;
}

/** Each node's latest sends. */
export class SendRings extends RingPool {
  private readonly assets = new Interned();
  private to: string[] = [];
  private asset = new Int32Array(0);
  private value: bigint[] = [];
  private block = new Float64Array(0);
  private readonly hash = new HashRows();

  push(node: number, send: SendSlot): void {
    const slot = this.next(node);
    if (slot < 0) return;
    this.to[slot] = send.to;
    this.asset[slot] = this.assets.id(send.asset);
    this.value[slot] = send.value;
    this.block[slot] = send.block;
    this.hash.set(slot, send.txHash);
  }

  read(node: number): SendSlot[] {
    return this.ring(node).map((s) => ({
      to: this.to[s]!,
      asset: this.assets.name(this.asset[s]!),
      value: this.value[s]!,
      txHash: this.hash.get(s),
      block: this.block[s]!,
    }));
  }

  protected copySlot(from: number, to: number): void {
    this.to[to] = this.to[from]!;
    this.asset[to] = this.asset[from]!;
    this.value[to] = this.value[from]!;
    this.block[to] = this.block[from]!;
    this.hash.move(from, to);
  }

  protected reserve(slots: number): void {
    this.asset = grown(this.asset, slots);
    this.block = grown(this.block, slots);
  }
}

export interface TradeSlot {
  readonly token: string;
  readonly txHash: string;
  readonly block: number;
}

/** Each node's latest trades (tokens received in a transaction it sent). */
export class TradeRings extends RingPool {
  private readonly tokens = new Interned();
  private token = new Int32Array(0);
  private block = new Float64Array(0);
  private readonly hash = new HashRows();

  push(node: number, trade: TradeSlot): void {
    const slot = this.next(node);
    if (slot < 0) return;
    this.token[slot] = this.tokens.id(trade.token);
    this.block[slot] = trade.block;
    this.hash.set(slot, trade.txHash);
  }

  read(node: number): TradeSlot[] {
    return this.ring(node).map((s) => ({
      token: this.tokens.name(this.token[s]!),
      txHash: this.hash.get(s),
      block: this.block[s]!,
    }));
  }

  /** Token and block of each trade, oldest first, without building objects (Louvain's co-trading links). */
  forEach(node: number, visit: (token: string, block: number) => void): void {
    for (const s of this.ring(node)) visit(this.tokens.name(this.token[s]!), this.block[s]!);
  }

  protected copySlot(from: number, to: number): void {
    this.token[to] = this.token[from]!;
    this.block[to] = this.block[from]!;
    this.hash.move(from, to);
  }

  protected reserve(slots: number): void {
    this.token = grown(this.token, slots);
    this.block = grown(this.block, slots);
  }
}
