import type { EasDeployment } from "../../../domain/gating/eas-schema";

/** Deployment facts gating needs, bound as a constant by the composition root. */
export interface GatingSettings {
  /** Chain id of the network the service scores; the default `chainId` of attestations. */
  readonly chainId: number;
  /** The EAS contract EAS-format attestations name in their EIP-712 domain. */
  readonly eas: EasDeployment;
}

export const GatingSettings = Symbol.for("GatingSettings");
