import type { Address } from "../../../src/domain/chain/address";

/** One labelled subject of the corpus: what it is and which of the evaluated flags it must raise. */
export interface Instance {
  readonly kind: "token" | "nft" | "wallet";
  readonly variant: string;
  readonly address: Address;
  readonly expected: readonly string[];
  /** A look-alike of something harmful that is not: no blocking flag may touch it. */
  readonly benign: boolean;
}

export type Record_ = (instance: Instance) => void;

/** An address drawn from the seeded generator, so a corpus replays exactly from its seed. */
export function seededAddress(random: (min: number, max: number) => number): string {
  return `0x${Array.from({ length: 5 }, () => random(0, 0xffffffff).toString(16).padStart(8, "0")).join("")}`;
}
