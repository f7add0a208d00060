import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef } from "../../../domain/chain/chain-types";
import { type KnownWalletScore, scoreWallet } from "../../../domain/scoring";
import { walletActivity } from "../../../domain/scoring/wallet/activity";
import type { UpstreamFailure } from "../../failures";
import { type WalletDepth, WalletProfileAssembler } from "./wallet-profile.assembler";

export interface KnownWallet {
  readonly score: KnownWalletScore;
  /** Days since the wallet's first transaction or transfer (chain time), null when it has none. */
  readonly ageDays: number | null;
}

/**
 * Scores a wallet around a subject (a deployer, a purchasing holder) as an input, not as an answer:
 * no snapshot, no cache, and no further recursion (a wallet profile never scores other wallets).
 */
@injectable()
export class RelatedWalletScores {
  constructor(@inject(WalletProfileAssembler) private readonly wallets: WalletProfileAssembler) {}

  scoreOf(wallet: Address, head: BlockRef, depth: WalletDepth): TE.TaskEither<UpstreamFailure, KnownWallet> {
    const now = head.timestamp;
    return pipe(
      this.wallets.assemble(wallet, head, depth),
      TE.map((profile) => {
        const result = scoreWallet(profile, now);
        // The same first-seen rule the wallet's own score uses (transactions, token and NFT transfers).
        const activity = walletActivity(profile, now);
        return {
          score: { score: result.score, tier: result.tier },
          ageDays: activity.firstSeen === null ? null : activity.ageDays,
        };
      }),
    );
  }

  /** The wallet's score alone; null when there is no wallet to score (unknown deployer). */
  scoreIfKnown(wallet: Address | null, head: BlockRef): TE.TaskEither<UpstreamFailure, KnownWalletScore | null> {
    if (wallet === null) return TE.right(null);
    return pipe(
      this.scoreOf(wallet, head, "full"),
      TE.map((known): KnownWalletScore | null => known.score),
    );
  }
}
