import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { ChainTransaction } from "../../../domain/chain/chain-types";
import { addressFromWord } from "../../../domain/chain/abi-words";
import type { PricedStakeActivity, StakeActivity } from "../../../domain/staking/stake-activity";
import type { TokenDeployment } from "../../../domain/staking/staking-evidence";
import { OWNER_SELECTOR } from "../../../domain/staking/staking-signatures";
import type { TargetTier } from "../../../domain/staking/target-trust";
import type { UpstreamFailure } from "../../failures";
import type { ChainReader } from "../../ports/chain-reader.port";
import type { ExplorerHistory } from "../../ports/explorer-history.port";
import type { PriceSource } from "../../ports/price-source.port";
import type { StakingTargetTrust } from "../../ports/staking-target-trust.port";

/** Lookups the staking rules need around the activity itself: prices, tiers, deployers, owners. */

type Lookup<T> = TE.TaskEither<UpstreamFailure, T>;

const uniq = <T>(values: readonly T[]): T[] => [...new Set(values)];

function lookupMap<K, V>(keys: readonly K[], fetch: (key: K) => Lookup<V>): Lookup<Map<K, V>> {
  const unique = uniq(keys);
  return pipe(
    TE.traverseArray(fetch)(unique),
    TE.map((values) => new Map(unique.map((key, i) => [key, values[i] as V]))),
  );
}

/** Stakes are sized when discovered; unstakes and unverifiable amounts carry no dollar size. */
export function priceActivities(
  prices: PriceSource,
  activities: readonly StakeActivity[],
): Lookup<readonly PricedStakeActivity[]> {
  return TE.traverseArray((a: StakeActivity): Lookup<PricedStakeActivity> =>
    a.kind === "stake" && a.amount > 0n
      ? pipe(
          prices.usdValue(a.asset, a.amount),
          TE.map((usd) => ({ ...a, usd })),
        )
      : TE.right({ ...a, usd: null }),
  )(activities);
}

export const tiersOf = (
  trust: StakingTargetTrust,
  targets: readonly Address[],
): Lookup<Map<Address, TargetTier | null>> => lookupMap(targets, (target) => trust.tierOf(target));

/** What a stake's staker must not have deployed (rule 2): the staked token and the staking contract. */
export const deployedThings = (a: StakeActivity): Address[] =>
  a.asset === "native" ? [a.contract] : [a.asset, a.contract];

export function deployersOf(explorer: ExplorerHistory, contracts: readonly Address[]): Lookup<Map<Address, Address>> {
  return pipe(
    lookupMap(contracts, (contract) => explorer.contractCreation(contract)),
    TE.map(
      (found) => new Map([...found].flatMap(([contract, c]) => (c === null ? [] : [[contract, c.creator] as const]))),
    ),
  );
}

/** `owner()` of each contract; null when it reverts or answers something that is not an address. */
export function vaultOwnersOf(chain: ChainReader, contracts: readonly Address[]): Lookup<Map<Address, Address | null>> {
  return lookupMap(contracts, (contract) =>
    pipe(
      chain.call({ to: contract, data: OWNER_SELECTOR }),
      TE.map((outcome) => {
        const owner = outcome.ok ? addressFromWord(outcome.returnData) : null;
        return owner === null || /^0x0{40}$/.test(owner) ? null : owner;
      }),
    ),
  );
}

const MAX_DEPLOYMENTS_CHECKED = 20;

/** Token contracts the wallet created (the newest few), from its own history. */
export function tokenDeploymentsOf(
  chain: ChainReader,
  wallet: Address,
  txs: readonly ChainTransaction[],
): Lookup<TokenDeployment[]> {
  const created = txs
    .filter((tx) => tx.from === wallet && tx.success && tx.contractCreated !== undefined)
    .slice(-MAX_DEPLOYMENTS_CHECKED);
  return pipe(
    TE.traverseArray((tx: ChainTransaction) => chain.classify(tx.contractCreated as Address))(created),
    TE.map((kinds) =>
      created.flatMap((tx, i) =>
        kinds[i] === "erc20" || kinds[i] === "erc721" || kinds[i] === "erc1155"
          ? [{ token: tx.contractCreated as Address, txHash: tx.hash, timestamp: tx.timestamp }]
          : [],
      ),
    ),
  );
}
