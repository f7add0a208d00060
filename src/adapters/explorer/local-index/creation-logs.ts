import { addressAt, addressFromWord } from "../../../domain/chain/abi-words";
import type { Address } from "../../../domain/chain/address";
import type { ActivityLog } from "../../../domain/protocol-guard/block-activity";
import type { InnerCreation } from "./creation-traces";

/**
 * Well-known factory events that name the contract the emitting factory just created. Without
 * traces they are the only sound way to see a factory-made contract: the event comes from the
 * factory that ran CREATE/CREATE2. Anyone can emit the same event, so a claim is only a candidate
 * until the chain confirms the named address got its code in that very block (see CreationLogCheck).
 */
const FACTORY_EVENTS: ReadonlyMap<string, (log: ActivityLog) => Address | null> = new Map([
  // Uniswap V2 (and its forks): PairCreated(address indexed token0, address indexed token1, address pair, uint256)
  ["0x0d3648bd0f6ba80134a33ba9275ac585d9d315f0ad8355cddefde31afa28d0e9", (log) => addressAt(log.data, 0)],
  // Uniswap V3: PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)
  ["0x783cca1c0412dd0d695e784568c96da2e9c22ff989357a2e8b1d9b2b4e6b7118", (log) => addressAt(log.data, 1)],
  // Safe proxy factory: ProxyCreation(proxy, singleton); 1.3.0 indexes nothing, 1.4.x indexes the proxy.
  [
    "0x4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235",
    (log) => (log.topics.length === 2 ? addressFromWord(log.topics[1]) : addressAt(log.data, 0)),
  ],
]);

/** Creation claims in a block's logs (logs of reverted transactions are never in a receipt). */
export function creationClaimsIn(logs: readonly ActivityLog[]): InnerCreation[] {
  const claims: InnerCreation[] = [];
  for (const log of logs) {
    const decode = FACTORY_EVENTS.get(log.topics[0] ?? "");
    const contract = decode?.(log) ?? null;
    if (contract !== null && contract !== log.address)
      claims.push({ txHash: log.txHash, contract, creator: log.address });
  }
  return claims;
}
