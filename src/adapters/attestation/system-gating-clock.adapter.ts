import type { GatingClock } from "../../application/use-cases/gating/gating-clock.port";

/** Wall-clock Unix seconds: what relying parties compare `expiresAt` against. */
export class SystemGatingClock implements GatingClock {
  nowSeconds(): number {
    return Math.floor(Date.now() / 1000);
  }
}
