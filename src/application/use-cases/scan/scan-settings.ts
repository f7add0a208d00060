/** What the scans need to know about the deployment. */
export interface ScanSettings {
  /** The one chain scans simulate on; a request for another chain is refused. */
  readonly chainId: number;
  /** First block of the approval history read (INDEX_FROM_BLOCK). */
  readonly historyFromBlock: number;
}

export const ScanSettings = Symbol.for("ScanSettings");

export interface ScanFailed {
  readonly _tag: "ScanFailed";
  /** For logs only. */
  readonly detail: string;
}

export const scanFailed = (detail: string): ScanFailed => ({ _tag: "ScanFailed", detail });
