/** Deployment facts gating needs, bound as a constant by the composition root. */
export interface GatingSettings {
  /** Chain id of the network the service scores; the default `chainId` of attestations. */
  readonly chainId: number;
}

export const GatingSettings = Symbol.for("GatingSettings");
