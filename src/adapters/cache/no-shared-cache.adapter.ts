import { injectable } from "inversify";
import type { LockOutcome, SharedCache } from "../../application/ports/shared-cache.port";

/**
 * The embedded default: one instance, nothing to share. Every read misses and no lock is granted,
 * so callers keep to their process-local cache and single-flight.
 */
@injectable()
export class NoSharedCache implements SharedCache {
  readonly shared = false;

  async get(): Promise<string | null> {
    return null;
  }

  async set(): Promise<void> {}

  async tryLock(): Promise<LockOutcome> {
    return "unavailable";
  }

  async unlock(): Promise<void> {}
}
