/**
 * Expected failures of the core, as values. The HTTP edge maps each tag to a status in one
 * exhaustive switch (adapters/http/failure-response.ts); nothing else decides statuses.
 */
import { scrubUrls } from "./scrub-urls";

export type UpstreamSource = "rpc" | "explorer" | "payment" | "storage" | "price";

export interface UpstreamFailure {
  readonly _tag: "UpstreamFailure";
  readonly source: UpstreamSource;
  /** Human-readable cause, for logs; never sent to clients verbatim. URLs are cut to their host. */
  readonly detail: string;
}

export const upstreamFailure = (source: UpstreamSource, detail: string): UpstreamFailure => ({
  _tag: "UpstreamFailure",
  source,
  detail: scrubUrls(detail),
});
