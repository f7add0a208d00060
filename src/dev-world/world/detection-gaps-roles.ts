import type { Address } from "../../domain/chain/address";

/** The detection-gaps scenario's contracts (issue 17, token side): proxies, LP locks, insiders, a renounce backdoor. */
export interface DetectionGapRoles {
  /** ERC-20 behind OpenZeppelin's transparent proxy; upgraded once to an implementation with harvest() (a mint). */
  readonly proxyToken: Address;
  /** The ProxyAdmin the proxy deployed (owned by the token's deployer). */
  readonly proxyAdmin: Address;
  readonly proxyImplementationV1: Address;
  readonly proxyImplementationV2: Address;
  /** The same token behind a beacon proxy; the beacon is upgraded once to the harvest() implementation. */
  readonly beaconProxyToken: Address;
  readonly beacon: Address;
  readonly beaconImplementationV2: Address;
  /** renounceOwnership() zeroes owner() but syncOwner() lets the renouncer take it back (OWNERSHIP_TAKE_BACK). */
  readonly keeperToken: Address;
  /** 60% of its LP in a time lock releasing after the seeded history ends, 10% in one that has already expired. */
  readonly lpLockedToken: Address;
  readonly lpLock: Address;
  readonly lpExpiredLock: Address;
  /** lpLockedToken's deployer was first funded by this address, which also funded `funderInsiders` (who bought). */
  readonly deployerFunder: Address;
  readonly funderInsiders: readonly Address[];
}
