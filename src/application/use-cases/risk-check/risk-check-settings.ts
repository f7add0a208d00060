/** Deployment facts the risk check needs, bound as a constant by the composition root. */
export interface RiskCheckSettings {
  /** The chain scored (`eip155:<chainId>` in results and discovery). */
  readonly chainId: number;
}

export const RiskCheckSettings = Symbol.for("RiskCheckSettings");
