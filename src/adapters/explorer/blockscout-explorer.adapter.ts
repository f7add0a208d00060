import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type { ExplorerHistory, HistoryQuery } from "../../application/ports/explorer-history.port";
import type { Address } from "../../domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  Page,
  TokenHolding,
  TokenStandard,
  TokenTransfer,
} from "../../domain/chain/chain-types";
import type { RetryPolicy } from "../shared/retry-with-backoff";
import { upstreamTask } from "../shared/upstream-task";
import { BlockscoutClient, type Query } from "./blockscout/blockscout-client";
import { CreationRow, HolderRow, TokenTransferRow, TxRow } from "./blockscout/blockscout-codecs";
import {
  byChainOrder,
  toChainTransaction,
  toContractCreation,
  toTokenTransfers,
} from "./blockscout/blockscout-mappers";
import { readUpTo, type PageWalk } from "./blockscout/blockscout-pages";
import { boundedPage, DEFAULT_HISTORY_LIMIT, holdersPage, limitOf } from "./history-page";

export interface BlockscoutExplorerOptions {
  /** Etherscan-compatible endpoint, e.g. ArcScan's `https://testnet.arcscan.app/api`. */
  readonly apiUrl: string;
  readonly apiKey?: string;
  /** Per HTTP request; default 15 s. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Requests in flight at once; default 4 (keyless Blockscout allows about 5 per second). */
  readonly maxConcurrent?: number;
  /** Bound of a read when the query names none; default 10,000. */
  readonly defaultLimit?: number;
  /** Rows per request; default 1,000. */
  readonly pageSize?: number;
  /** Deepest row the API serves (page × offset); default 10,000, Blockscout's own cap. */
  readonly resultWindow?: number;
}

export const BlockscoutExplorerOptions = Symbol.for("BlockscoutExplorerOptions");

interface Transfers {
  readonly transfers: TokenTransfer[];
  readonly truncated: boolean;
}

const NFT_ACTIONS: ReadonlyArray<readonly [string, TokenStandard]> = [
  ["tokennfttx", "ERC721"],
  ["token1155tx", "ERC1155"],
];

/**
 * ExplorerHistory over Blockscout's (ArcScan's) Etherscan-compatible API. Lists are read
 * newest first (`sort=desc`) so that a truncated history keeps its most recent part, then
 * returned oldest first.
 */
@injectable()
export class BlockscoutExplorer implements ExplorerHistory {
  private readonly client: BlockscoutClient;
  private readonly walk: PageWalk;
  private readonly defaultLimit: number;

  constructor(@inject(BlockscoutExplorerOptions) options: BlockscoutExplorerOptions) {
    this.client = new BlockscoutClient(options);
    this.walk = { pageSize: options.pageSize ?? 1_000, resultWindow: options.resultWindow ?? 10_000 };
    this.defaultLimit = options.defaultLimit ?? DEFAULT_HISTORY_LIMIT;
  }

  transactionsOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<ChainTransaction>> {
    const limit = limitOf(query, this.defaultLimit);
    return upstreamTask("explorer", `txlist of ${address}`, async () => {
      const { rows, truncated } = await readUpTo(
        (page, offset) => this.client.rows(listQuery("txlist", { address }, page, offset), TxRow),
        limit,
        this.walk,
      );
      return boundedPage(rows.reverse().map(toChainTransaction), limit, truncated);
    });
  }

  tokenTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    const limit = limitOf(query, this.defaultLimit);
    return upstreamTask("explorer", `tokentx of ${address}`, async () => {
      const { transfers, truncated } = await this.transfers("tokentx", "ERC20", { address }, limit);
      return boundedPage(transfers, limit, truncated);
    });
  }

  nftTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    const limit = limitOf(query, this.defaultLimit);
    return upstreamTask("explorer", `NFT transfers of ${address}`, async () => {
      const parts = await Promise.all(
        NFT_ACTIONS.map(([action, standard]) => this.transfers(action, standard, { address }, limit)),
      );
      const merged = parts.flatMap((part) => part.transfers).sort(byChainOrder);
      return boundedPage(
        merged,
        limit,
        parts.some((part) => part.truncated),
      );
    });
  }

  /** A contract is one standard: ask ERC-20 first (the common case), then ERC-721, then ERC-1155. */
  transfersOfToken(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    const limit = limitOf(query, this.defaultLimit);
    return upstreamTask("explorer", `transfers of token ${token}`, async () => {
      let found: Transfers = { transfers: [], truncated: false };
      for (const [action, standard] of [["tokentx", "ERC20"] as const, ...NFT_ACTIONS]) {
        found = await this.transfers(action, standard, { contractaddress: token }, limit);
        if (found.transfers.length > 0) break;
      }
      return boundedPage(found.transfers, limit, found.truncated);
    });
  }

  contractCreation(contract: Address): TE.TaskEither<UpstreamFailure, ContractCreation | null> {
    return upstreamTask("explorer", `creation of ${contract}`, async () => {
      const rows = await this.client.rows(
        { module: "contract", action: "getcontractcreation", contractaddresses: contract },
        CreationRow,
      );
      const row = rows.find((candidate) => candidate.contractAddress === contract);
      return row === undefined ? null : toContractCreation(row);
    });
  }

  holdersOf(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenHolding>> {
    const limit = limitOf(query, this.defaultLimit);
    return upstreamTask("explorer", `holders of ${token}`, async () => {
      const fetchPage = (page: number, offset: number): Promise<HolderRow[]> =>
        this.client.rows(
          { module: "token", action: "getTokenHolders", contractaddress: token, page, offset },
          HolderRow,
        );
      const { rows, truncated } = await readUpTo(fetchPage, limit, this.walk);
      // ERC-1155 holders can come once per token id; a holder's balance is their sum.
      const balances = new Map<Address, bigint>();
      for (const row of rows) balances.set(row.address, (balances.get(row.address) ?? 0n) + row.value);
      const holders = [...balances]
        .filter(([, balance]) => balance > 0n)
        .map(([holder, balance]) => ({ holder, balance }));
      return holdersPage(holders, limit, truncated);
    });
  }

  private async transfers(action: string, standard: TokenStandard, filter: Query, limit: number): Promise<Transfers> {
    const { rows, truncated } = await readUpTo(
      (page, offset) => this.client.rows(listQuery(action, filter, page, offset), TokenTransferRow),
      limit,
      this.walk,
    );
    return { transfers: rows.flatMap((row) => toTokenTransfers(row, standard)).sort(byChainOrder), truncated };
  }
}

function listQuery(action: string, filter: Query, page: number, offset: number): Query {
  return { module: "account", action, ...filter, page, offset, sort: "desc" };
}
