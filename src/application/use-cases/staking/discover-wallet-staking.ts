import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef, ChainTransaction, EventLog, Hex } from "../../../domain/chain/chain-types";
import { addressTopic } from "../../../domain/chain/abi-words";
import type { StakeActivity } from "../../../domain/staking/stake-activity";
import { walletActivities } from "../../../domain/staking/stake-discovery";
import type { DiscoveryCoverage } from "../../../domain/staking/staking-evidence";
import { STAKED_TOPIC, UNSTAKED_TOPIC } from "../../../domain/staking/staking-signatures";
import type { UpstreamFailure } from "../../failures";
import type { ChainReader } from "../../ports/chain-reader.port";
import type { ExplorerHistory } from "../../ports/explorer-history.port";
import { fromHistory, mergeCandidates, readStakeActivities, type StakeCandidate } from "./stake-receipts";
import type { StakingSettings } from "./staking-settings";

export interface WalletStaking {
  readonly activities: readonly StakeActivity[];
  /** The wallet's own history, reused for its token deployments. */
  readonly transactions: readonly ChainTransaction[];
  readonly coverage: DiscoveryCoverage;
}

export interface DiscoveryPorts {
  readonly explorer: ExplorerHistory;
  readonly chain: ChainReader;
  readonly settings: StakingSettings;
}

/** Staked/Unstaked events crediting the wallet, on any contract (catches stakeFor by others). */
function eventsNaming(
  ports: DiscoveryPorts,
  wallet: Address,
  head: BlockRef,
  fromBlock: number,
): TE.TaskEither<UpstreamFailure, readonly EventLog[]> {
  const topics: readonly (Hex | readonly Hex[] | null)[] = [[STAKED_TOPIC, UNSTAKED_TOPIC], addressTopic(wallet)];
  return ports.chain.logs({ topics, fromBlock, toBlock: head.number });
}

/**
 * Finds the wallet's staking: calls with staking selectors or into configured staking contracts
 * in its history, plus staking events naming it; each candidate's receipt decides what it was.
 */
export function discoverWalletStaking(
  ports: DiscoveryPorts,
  wallet: Address,
  head: BlockRef,
): TE.TaskEither<UpstreamFailure, WalletStaking> {
  const { settings } = ports;
  const configured = new Set(settings.stakingContracts);
  const lookback = settings.eventLookbackBlocks;
  const fromBlock = lookback === null ? 0 : Math.max(0, head.number - lookback);
  return pipe(
    TE.Do,
    TE.bind("history", () => ports.explorer.transactionsOf(wallet, { limit: settings.historyLimit })),
    TE.bind("logs", () => eventsNaming(ports, wallet, head, fromBlock)),
    TE.bind("candidates", ({ history, logs }) => {
      const fromLogs: StakeCandidate[] = logs.map((log) => ({ hash: log.txHash, blockNumber: log.blockNumber }));
      return TE.right(mergeCandidates(fromHistory(history.items, configured), fromLogs));
    }),
    TE.bind("found", ({ candidates }) =>
      readStakeActivities(ports.chain, candidates.slice(0, settings.maxReceipts), configured),
    ),
    TE.map(({ history, candidates, found }) => {
      const activities = walletActivities(wallet, found);
      return {
        activities,
        transactions: history.items,
        coverage: {
          historyTruncatedAt: history.coverage.complete ? null : history.coverage.truncatedAt,
          eventsFromBlock: fromBlock > 0 ? fromBlock : null,
          unconfiguredContracts: [...new Set(activities.filter((a) => !a.configured).map((a) => a.contract))],
          receiptsSkipped: Math.max(0, candidates.length - settings.maxReceipts),
        },
      };
    }),
  );
}
