import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TokenTransfer } from "../../chain/chain-types";
import { type Flag, distinctSample, raiseFlag } from "../flag";
import { isBurnAddress } from "../market/privileged";
import type { TokenMarket } from "../profiles/market";
import { TOKEN } from "../thresholds";

interface Flow {
  received: bigint;
  sent: bigint;
}

function flows(transfers: readonly TokenTransfer[]): Map<Address, Flow> {
  const byAccount = new Map<Address, Flow>();
  const of = (a: Address): Flow => {
    let flow = byAccount.get(a);
    if (flow === undefined) byAccount.set(a, (flow = { received: 0n, sent: 0n }));
    return flow;
  };
  for (const t of transfers) {
    if (t.from === t.to) continue;
    of(t.from).sent += t.value;
    of(t.to).received += t.value;
  }
  return byAccount;
}

/**
 * BALANCE_WITHOUT_TRANSFER: an address that sent far more than Transfer events ever gave it holds a balance written
 * some other way (assembly in the constructor, an owner-only credit). Reflection gains also arrive without events,
 * but as a share of what was received: sending twice as much, and 1% of the supply, is not a reflection. A
 * constructor that assigned the supply without an event leaves the deployer the part no mint event accounts for.
 */
export function unbackedBalanceFlag(market: TokenMarket, totalSupply: bigint | null): Flag | null {
  if (!market.transfers.coverage.complete) return null;
  const byAccount = flows(market.transfers.items);
  const minted = byAccount.get(ZERO_ADDRESS)?.sent ?? 0n;
  const supply = totalSupply !== null && totalSupply > 0n ? totalSupply : minted;
  if (supply <= 0n) return null;
  const floor = (supply * BigInt(Math.round(TOKEN.unbackedBalanceShare * 10_000))) / 10_000n;
  const silentSupply = supply > minted ? supply - minted : 0n;
  const pools = new Set<Address>(market.pools.map((p) => p.pool));
  const unbacked: { account: Address; excess: bigint }[] = [];
  for (const [account, flow] of byAccount) {
    if (account === ZERO_ADDRESS || account === market.token || pools.has(account) || isBurnAddress(account)) continue;
    const allowed = account === market.deployer ? silentSupply : 0n;
    const excess = flow.sent - flow.received - allowed;
    if (flow.sent >= 2n * flow.received && excess >= floor && excess > 0n) unbacked.push({ account, excess });
  }
  if (unbacked.length === 0) return null;
  unbacked.sort((a, b) => (b.excess > a.excess ? 1 : b.excess < a.excess ? -1 : 0));
  const top = unbacked[0]!;
  return raiseFlag("BALANCE_WITHOUT_TRANSFER", {
    detail: `${unbacked.length} address(es) sent more than Transfer events ever gave them; ${top.account} sent ${top.excess} beyond what it received (${(Number((top.excess * 10_000n) / supply) / 100).toFixed(2)}% of the supply).`,
    holders: distinctSample(unbacked.map((u) => u.account)),
    figures: {
      accounts: unbacked.length,
      largestExcess: top.excess.toString(),
      supplyWithoutMintEvent: silentSupply.toString(),
    },
  });
}
