import type { ScoredCoin } from "../../../application/use-cases/sui/score-sui-coin.use-case";
import type { SuiWalletAnswer } from "../../../application/use-cases/sui/sui-wallet-answer";

/** The Sui app's JSON bodies; bigint amounts and epochs become decimal strings in sendJson. */

export function coinBody(coin: ScoredCoin) {
  return {
    coinType: coin.coinType,
    score: coin.score,
    tier: coin.tier,
    confidence: coin.confidence,
    verified: coin.verified,
    signals: coin.signals,
    flags: coin.flags,
    metadata: coin.metadata === null ? null : { ...coin.metadata, totalSupply: coin.totalSupply },
    scoredAt: coin.scoredAt,
    nextRescoreAt: coin.nextRescoreAt,
  };
}

export function suiWalletBody(answer: SuiWalletAnswer) {
  return {
    address: answer.address,
    score: answer.score,
    tier: answer.tier,
    onchainTier: answer.onchainTier,
    confidence: answer.confidence,
    botFlagged: answer.botFlagged,
    updatedEpoch: answer.updatedEpoch,
    written: answer.written,
    reason: answer.reason,
    digest: answer.digest,
    capability: answer.capability,
  };
}
