import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { addressAt, addressTopic, wordAt } from "../../../domain/chain/abi-words";
import type { Address } from "../../../domain/chain/address";
import type { Hex } from "../../../domain/chain/chain-types";
import {
  confirmCalldata,
  type GrantedApproval,
  latestApprovals,
  revokeCalldata,
} from "../../../domain/scan/open-approvals";
import { isRisky, isUnlimited, UNLIMITED_ERC20 } from "../../../domain/scan/scan-types";
import { decodeEffects, EVENT_TOPICS } from "../../../domain/scan/simulated-events";
import { ChainReader } from "../../ports/chain-reader.port";
import { PriceSource } from "../../ports/price-source.port";
import { CounterpartyAssessor } from "./counterparty-assessor";
import { type ScanFailed, scanFailed, ScanSettings } from "./scan-settings";

export interface OpenApproval {
  readonly token: Address;
  readonly kind: "erc20" | "erc721" | "operator";
  readonly spender: Address;
  /** Current allowance (decimal string), or `all` for an operator approval; ERC-721: the item id approved. */
  readonly amount: bigint | "all";
  readonly tokenId?: bigint;
  readonly unlimited: boolean;
  readonly spenderScore: number | null;
  readonly spenderTier: string | null;
  readonly spenderFlags: readonly string[];
  readonly risky: boolean;
  readonly valueAtRiskUsd: number | null;
  readonly grantedAtBlock: number;
  readonly grantedAt: number | null;
  readonly txHash: string;
  readonly revoke: { readonly to: Address; readonly data: Hex };
}

export interface WalletApprovalsAnswer {
  readonly wallet: Address;
  readonly approvals: readonly OpenApproval[];
  readonly checkedAtBlock: number;
}

const MAX_APPROVALS = 100;

/**
 * Every allowance and operator approval a wallet has open: its Approval/ApprovalForAll history, each confirmed by a
 * read of the current state, scored by spender and sorted by risk (risky spenders first, then unlimited, then value).
 */
@injectable()
export class ListWalletApprovals {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(PriceSource) private readonly prices: PriceSource,
    @inject(CounterpartyAssessor) private readonly assessor: CounterpartyAssessor,
    @inject(ScanSettings) private readonly settings: ScanSettings,
  ) {}

  execute(wallet: Address): TE.TaskEither<ScanFailed, WalletApprovalsAnswer> {
    return async () => {
      const head = await this.chain.headBlock()();
      if (E.isLeft(head)) return E.left(scanFailed(`head: ${head.left.detail}`));
      const owner = addressTopic(wallet);
      const range = { fromBlock: this.settings.historyFromBlock, toBlock: head.right.number };
      const logs = await this.chain.logs({
        topics: [[EVENT_TOPICS.approval, EVENT_TOPICS.approvalForAll], owner],
        ...range,
      })();
      if (E.isLeft(logs)) return E.left(scanFailed(`approval history: ${logs.left.detail}`));
      const history: GrantedApproval[] = [];
      for (const log of logs.right) {
        const { approvals } = decodeEffects([log], []);
        for (const change of approvals) history.push({ change, blockNumber: log.blockNumber, txHash: log.txHash });
      }
      const open = (await Promise.all(latestApprovals(history).map((g) => this.confirm(g, wallet)))).filter(
        (g): g is GrantedApproval => g !== null,
      );
      const parties = await this.assessor.assessAll(open.map((g) => g.change.spender));
      const answers = await Promise.all(
        open.slice(0, MAX_APPROVALS).map(async (g): Promise<OpenApproval> => {
          const spender = parties.get(g.change.spender);
          const block = await this.chain.block(g.blockNumber)();
          const { change } = g;
          return {
            token: change.token,
            kind: change.kind,
            spender: change.spender,
            amount: change.amount,
            ...(change.tokenId === undefined ? {} : { tokenId: change.tokenId }),
            unlimited: change.kind === "operator" || (change.kind === "erc20" && isUnlimited(change.amount)),
            spenderScore: spender?.score ?? null,
            spenderTier: spender?.tier ?? null,
            spenderFlags: spender?.flags ?? [],
            risky: isRisky(spender),
            valueAtRiskUsd: await this.atRisk(change.kind, change.token, change.amount, wallet),
            grantedAtBlock: g.blockNumber,
            grantedAt: E.isRight(block) && block.right !== null ? block.right.timestamp : null,
            txHash: g.txHash,
            revoke: { to: change.token, data: revokeCalldata(change) },
          };
        }),
      );
      return E.right({ wallet, approvals: answers.sort(byRisk), checkedAtBlock: head.right.number });
    };
  }

  /** The approval as it stands now (the allowance read back), or null when it no longer does. */
  private async confirm(granted: GrantedApproval, wallet: Address): Promise<GrantedApproval | null> {
    const { change } = granted;
    const read = await this.chain.call({ to: change.token, data: confirmCalldata(change, wallet) })();
    if (E.isLeft(read) || !read.right.ok) return null;
    const data = read.right.returnData;
    if (change.kind === "erc20") {
      const allowance = wordAt(data, 0);
      return allowance === null || allowance === 0n ? null : { ...granted, change: { ...change, amount: allowance } };
    }
    if (change.kind === "operator") return wordAt(data, 0) === 1n ? granted : null;
    return addressAt(data, 0) === change.spender ? granted : null;
  }

  private async atRisk(kind: string, token: Address, amount: bigint | "all", wallet: Address): Promise<number | null> {
    if (kind !== "erc20" || amount === "all") return null;
    const balance = await this.chain.tokenBalance(token, wallet)();
    if (E.isLeft(balance)) return null;
    const exposed = amount >= UNLIMITED_ERC20 || amount > balance.right ? balance.right : amount;
    const usd = await this.prices.usdValue(token, exposed)();
    return E.isRight(usd) && usd.right !== null ? Math.round(usd.right * 100) / 100 : null;
  }
}

function byRisk(a: OpenApproval, b: OpenApproval): number {
  if (a.risky !== b.risky) return a.risky ? -1 : 1;
  if (a.unlimited !== b.unlimited) return a.unlimited ? -1 : 1;
  return (b.valueAtRiskUsd ?? 0) - (a.valueAtRiskUsd ?? 0) || (a.spenderScore ?? 0) - (b.spenderScore ?? 0);
}
