/** What the Sui use cases are configured with (decoded in infrastructure/config). */
export interface SuiSettings {
  /** Coin types scored VERIFIED (normalised `0x<64 hex>::module::Name`). */
  readonly verifiedCoins: ReadonlySet<string>;
}

export const SuiSettings = Symbol.for("SuiSettings");
