/** What filing a dispute needs from configuration: the chain its owner signature is bound to. */
export interface DisputeSettings {
  readonly chainId: number;
}

export const DisputeSettings = Symbol.for("DisputeSettings");
