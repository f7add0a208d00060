import type { Address } from "../../../../../src/domain/chain/address";
import type { ChainTransaction, TokenTransfer } from "../../../../../src/domain/chain/chain-types";
import type { WalletProfile } from "../../../../../src/domain/scoring/profiles/wallet-profile";
import { DAY, T0, addr, complete, emptyWallet, rng, transfer, tx } from "./builders";

export const WALLET_ADDR = addr(0xa11ce);
export const NOW = T0 + 200 * DAY;
export const STABLE = addr(0x5757);

/**
 * A long-lived, diverse wallet: ~150 days, activity on many days across months, many counterparties and
 * contracts, irregular timing, a healthy balance. It should raise no flag.
 */
export function healthyWallet(overrides: Partial<WalletProfile> = {}): WalletProfile {
  const random = rng(11);
  const funder = addr(0xf00d);
  const txs: ChainTransaction[] = [tx({ from: funder, to: WALLET_ADDR, value: 10n ** 20n, timestamp: T0 + 40 * DAY })];
  const transfers: TokenTransfer[] = [];
  let time = T0 + 41 * DAY;
  for (let i = 0; i < 70; i++) {
    time += Math.floor(DAY * (0.5 + random() * 3));
    const counterparty = addr(0xc000 + (i % 30));
    const contract = addr(0xd000 + (i % 8));
    if (i % 3 === 0) txs.push(tx({ from: WALLET_ADDR, to: contract, selector: "0xa9059cbb", timestamp: time }));
    else if (i % 3 === 1)
      txs.push(tx({ from: WALLET_ADDR, to: counterparty, value: BigInt(1 + i) * 10n ** 17n, timestamp: time }));
    else txs.push(tx({ from: counterparty, to: WALLET_ADDR, value: BigInt(2 + i) * 10n ** 16n, timestamp: time }));
    if (i % 5 === 0) {
      transfers.push(
        transfer({
          token: STABLE,
          from: counterparty,
          to: WALLET_ADDR,
          value: BigInt(100 + i) * 10n ** 6n,
          timestamp: time + 60,
        }),
      );
    }
  }
  return {
    ...emptyWallet(WALLET_ADDR),
    transactions: complete(txs),
    tokenTransfers: complete(transfers),
    nativeBalance: 750n * 10n ** 18n,
    funding: { funder, funderTransactions: complete([txs[0]!]), funderLabel: null },
    ...overrides,
  };
}

/** Appends transactions and keeps the history oldest first. */
export function withTransactions(profile: WalletProfile, extra: readonly ChainTransaction[]): WalletProfile {
  const items = [...profile.transactions.items, ...extra].sort((a, b) => a.timestamp - b.timestamp);
  return { ...profile, transactions: complete(items) };
}

export function withTransfers(profile: WalletProfile, extra: readonly TokenTransfer[]): WalletProfile {
  const items = [...profile.tokenTransfers.items, ...extra].sort((a, b) => a.timestamp - b.timestamp);
  return { ...profile, tokenTransfers: complete(items) };
}

export function codes(result: { readonly flags: readonly { readonly code: string }[] }): string[] {
  return result.flags.map((f) => f.code);
}

export function peer(n: number): Address {
  return addr(0xbeef00 + n);
}
