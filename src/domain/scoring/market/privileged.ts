import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TokenMarket } from "../profiles/market";

/** The conventional burn address besides 0x0. */
export const DEAD_ADDRESS = "0x000000000000000000000000000000000000dead" as Address;

export function isBurnAddress(address: Address): boolean {
  return address === ZERO_ADDRESS || address === DEAD_ADDRESS;
}

/** Owner is "renounced" when owner() returned the zero address. */
export function liveOwner(owner: Address | null): Address | null {
  return owner === null || owner === ZERO_ADDRESS ? null : owner;
}

/**
 * Addresses whose behaviour says nothing about whether ordinary holders can trade: the deployer and
 * owner (often whitelisted), the pools, the token contract and burn addresses.
 */
export function privilegedAddresses(market: TokenMarket): ReadonlySet<Address> {
  const set = new Set<Address>([ZERO_ADDRESS, DEAD_ADDRESS, market.token]);
  for (const p of market.pools) set.add(p.pool);
  if (market.deployer !== null) set.add(market.deployer);
  const owner = liveOwner(market.owner);
  if (owner !== null) set.add(owner);
  return set;
}
