/** Typed columns grown by doubling, and transaction hashes kept as 32 bytes each: the transfer graph's storage. */

type Column = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/** `column` with room for at least `length` rows: itself, or a copy twice as long (or `length`, if larger). */
export function grown<T extends Column>(column: T, length: number): T {
  if (length <= column.length) return column;
  const next = new (column.constructor as new (n: number) => T)(Math.max(length, column.length * 2, 16));
  next.set(column);
  return next;
}

const CANONICAL = /^0x[0-9a-f]{64}$/;
const NIBBLE = new Uint8Array(128);
for (let i = 0; i < 16; i++) NIBBLE["0123456789abcdef".charCodeAt(i)] = i;
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * Transaction hashes by row, 32 bytes each instead of a string (~90 bytes parsed from JSON-RPC, more when built
 * by concatenation). A hash that is not 0x and 64 lowercase hex digits is kept as given, so every hash reads
 * back exactly as it was stored.
 */
export class HashRows {
  private bytes = new Uint8Array(0);
  private readonly odd = new Map<number, string>();

  set(row: number, hash: string): void {
    this.bytes = grown(this.bytes, (row + 1) * 32);
    if (!CANONICAL.test(hash)) {
      this.odd.set(row, hash);
      return;
    }
    this.odd.delete(row);
    const at = row * 32;
    for (let i = 0; i < 32; i++)
      this.bytes[at + i] = (NIBBLE[hash.charCodeAt(2 + 2 * i)]! << 4) | NIBBLE[hash.charCodeAt(3 + 2 * i)]!;
  }

  get(row: number): string {
    const odd = this.odd.get(row);
    if (odd !== undefined) return odd;
    const at = row * 32;
    let hex = "0x";
    for (let i = 0; i < 32; i++) hex += BYTE_HEX[this.bytes[at + i]!]!;
    return hex;
  }

  /** Copies row `from` over row `to` (compaction). */
  move(from: number, to: number): void {
    if (from === to) return;
    this.bytes = grown(this.bytes, (Math.max(from, to) + 1) * 32);
    this.bytes.copyWithin(to * 32, from * 32, from * 32 + 32);
    const odd = this.odd.get(from);
    if (odd === undefined) this.odd.delete(to);
    else this.odd.set(to, odd);
    this.odd.delete(from);
  }

  /** Bytes held, for the benchmark's breakdown. */
  get byteLength(): number {
    return this.bytes.byteLength;
  }
}

/** Strings interned to small integers (assets and tokens: a few thousand at most). */
export class Interned {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];

  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  name(id: number): string {
    return this.names[id]!;
  }
}
