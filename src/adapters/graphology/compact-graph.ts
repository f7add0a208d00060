import { grown } from "./compact-columns";

const NONE = -1;

/**
 * A directed graph without self-loops as columns: nodes are interned address strings numbered in insertion
 * order, edges are numbered in insertion order with their source, target, count, priced value and first-funding
 * flag in typed columns, each node's out- and in-edges are linked lists through the edges (appended, so they
 * keep insertion order), and (source, target) finds its edge through an open-addressing table. Node and edge
 * order are graphology's (insertion order, kept when nodes are dropped), so PageRank and Louvain see the
 * graph exactly as they did on graphology.
 */
export class CompactGraph {
  private readonly ids = new Map<string, number>();
  private keys: string[] = [];

  private outHead = new Int32Array(0);
  private outTail = new Int32Array(0);
  private inHead = new Int32Array(0);
  private inTail = new Int32Array(0);
  private outDegree = new Int32Array(0);
  private inDegree = new Int32Array(0);

  private edges = 0;
  private src = new Int32Array(0);
  private tgt = new Int32Array(0);
  private nextOut = new Int32Array(0);
  private nextIn = new Int32Array(0);
  private counts = new Uint32Array(0);
  private usds = new Float64Array(0);
  private funding = new Uint8Array(0);

  /** Edge ids by hash of (source, target); NONE where empty. Kept at most half full. */
  private table = new Int32Array(0).fill(NONE);

  get order(): number {
    return this.keys.length;
  }

  get size(): number {
    return this.edges;
  }

  id(key: string): number | undefined {
    return this.ids.get(key);
  }

  key(node: number): string {
    return this.keys[node]!;
  }

  /** The node's id, added (at the end) if new; `added` tells which. */
  addNode(key: string): { node: number; added: boolean } {
    const known = this.ids.get(key);
    if (known !== undefined) return { node: known, added: false };
    const node = this.keys.length;
    this.keys.push(key);
    this.ids.set(key, node);
    const n = node + 1;
    this.outHead = grown(this.outHead, n);
    this.outTail = grown(this.outTail, n);
    this.inHead = grown(this.inHead, n);
    this.inTail = grown(this.inTail, n);
    this.outDegree = grown(this.outDegree, n);
    this.inDegree = grown(this.inDegree, n);
    this.outHead[node] = this.outTail[node] = this.inHead[node] = this.inTail[node] = NONE;
    this.outDegree[node] = this.inDegree[node] = 0;
    return { node, added: true };
  }

  /** The edge from `s` to `t`, or NONE. */
  edge(s: number, t: number): number {
    const mask = this.table.length - 1;
    if (mask < 0) return NONE;
    for (let at = slotOf(s, t, mask); ; at = (at + 1) & mask) {
      const e = this.table[at]!;
      if (e === NONE || (this.src[e] === s && this.tgt[e] === t)) return e;
    }
  }

  addEdge(s: number, t: number, usd: number, firstFunding: boolean): number {
    const e = this.edges++;
    const m = this.edges;
    this.src = grown(this.src, m);
    this.tgt = grown(this.tgt, m);
    this.nextOut = grown(this.nextOut, m);
    this.nextIn = grown(this.nextIn, m);
    this.counts = grown(this.counts, m);
    this.usds = grown(this.usds, m);
    this.funding = grown(this.funding, m);
    this.src[e] = s;
    this.tgt[e] = t;
    this.counts[e] = 1;
    this.usds[e] = usd;
    this.funding[e] = firstFunding ? 1 : 0;
    this.link(e);
    if (m * 2 > this.table.length) this.rehash(m);
    else this.place(e);
    return e;
  }

  addTransfer(e: number, usd: number): void {
    this.counts[e]!++;
    this.usds[e]! += usd;
  }

  source(e: number): number {
    return this.src[e]!;
  }

  target(e: number): number {
    return this.tgt[e]!;
  }

  count(e: number): number {
    return this.counts[e]!;
  }

  usd(e: number): number {
    return this.usds[e]!;
  }

  firstFunding(e: number): boolean {
    return this.funding[e] === 1;
  }

  /** Edge sources and targets by edge id, as views (no copy): for algorithms that sweep every edge. */
  endpoints(): { readonly sources: Int32Array; readonly targets: Int32Array } {
    return { sources: this.src.subarray(0, this.edges), targets: this.tgt.subarray(0, this.edges) };
  }

  /** In and out edges, self-loops excluded (there are none). */
  degree(node: number): number {
    return this.outDegree[node]! + this.inDegree[node]!;
  }

  forEachOutEdge(node: number, visit: (e: number, target: number) => void): void {
    for (let e = this.outHead[node]!; e !== NONE; e = this.nextOut[e]!) visit(e, this.tgt[e]!);
  }

  forEachInEdge(node: number, visit: (e: number, source: number) => void): void {
    for (let e = this.inHead[node]!; e !== NONE; e = this.nextIn[e]!) visit(e, this.src[e]!);
  }

  /**
   * Drops the nodes marked in `dropped` with their edges, renumbering the rest in order: `move(from, to)` is
   * called for each kept node whose id changes (ascending, so `to` < `from` and is free), for the caller's columns.
   */
  dropNodes(dropped: Uint8Array, move: (from: number, to: number) => void): void {
    const n = this.keys.length;
    const renumbered = new Int32Array(n);
    let kept = 0;
    for (let v = 0; v < n; v++) {
      const key = this.keys[v]!;
      if (dropped[v] === 1) {
        this.ids.delete(key);
        renumbered[v] = NONE;
        continue;
      }
      renumbered[v] = kept;
      if (kept !== v) {
        this.keys[kept] = key;
        this.ids.set(key, kept);
        move(v, kept);
      }
      kept++;
    }
    this.keys.length = kept;
    let m = 0;
    for (let e = 0; e < this.edges; e++) {
      const s = renumbered[this.src[e]!]!;
      const t = renumbered[this.tgt[e]!]!;
      if (s === NONE || t === NONE) continue;
      this.src[m] = s;
      this.tgt[m] = t;
      this.counts[m] = this.counts[e]!;
      this.usds[m] = this.usds[e]!;
      this.funding[m] = this.funding[e]!;
      m++;
    }
    this.edges = m;
    this.outHead.fill(NONE, 0, kept);
    this.outTail.fill(NONE, 0, kept);
    this.inHead.fill(NONE, 0, kept);
    this.inTail.fill(NONE, 0, kept);
    this.outDegree.fill(0, 0, kept);
    this.inDegree.fill(0, 0, kept);
    for (let e = 0; e < m; e++) this.link(e);
    this.rehash(m);
  }

  private link(e: number): void {
    const s = this.src[e]!;
    const t = this.tgt[e]!;
    this.nextOut[e] = NONE;
    this.nextIn[e] = NONE;
    if (this.outTail[s] === NONE) this.outHead[s] = e;
    else this.nextOut[this.outTail[s]!] = e;
    this.outTail[s] = e;
    if (this.inTail[t] === NONE) this.inHead[t] = e;
    else this.nextIn[this.inTail[t]!] = e;
    this.inTail[t] = e;
    this.outDegree[s]!++;
    this.inDegree[t]!++;
  }

  private rehash(edges: number): void {
    let size = 16;
    while (size < edges * 2) size *= 2;
    if (size !== this.table.length) this.table = new Int32Array(size);
    this.table.fill(NONE);
    for (let e = 0; e < edges; e++) this.place(e);
  }

  private place(e: number): void {
    const mask = this.table.length - 1;
    let at = slotOf(this.src[e]!, this.tgt[e]!, mask);
    while (this.table[at] !== NONE) at = (at + 1) & mask;
    this.table[at] = e;
  }
}

function slotOf(s: number, t: number, mask: number): number {
  let h = Math.imul(s, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & mask;
}
