import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction, TxReceipt } from "../../../../src/domain/chain/chain-types";
import { activitiesFromReceipt, walletActivities } from "../../../../src/domain/staking/stake-discovery";
import { STAKE_SELECTORS, UNSTAKE_SELECTORS } from "../../../../src/domain/staking/staking-signatures";
import { addr, NOW, receipt, stakedLog, TOKEN, transferLog, tx, unstakedLog, VAULT, WALLET } from "./staking-fixtures";

const configured = new Set<Address>([VAULT]);
const call = (selector: string, to: Address, value = 0n, n = 1): ChainTransaction => ({
  hash: tx(n),
  blockNumber: 1,
  timestamp: NOW,
  from: WALLET,
  to,
  value,
  selector,
  success: true,
});
const read = (r: TxReceipt, transaction?: ChainTransaction, contracts = configured) =>
  activitiesFromReceipt({ receipt: r, transaction, timestamp: NOW, configuredContracts: contracts });

describe("stake discovery (pure)", () => {
  it("reads an ERC-20 stake from the Staked event and sizes it by the token transfer into the contract", () => {
    const r = receipt(tx(1), WALLET, VAULT, [
      transferLog(TOKEN, WALLET, VAULT, 500n, tx(1), 0),
      stakedLog(VAULT, WALLET, 500n, NOW + 30 * 86_400, tx(1), 1),
    ]);
    const [activity, ...rest] = read(r);
    expect(rest).to.deep.equal([]);
    expect(activity).to.include({
      kind: "stake",
      staker: WALLET,
      payer: WALLET,
      contract: VAULT,
      asset: TOKEN,
      amount: 500n,
      lockUntil: NOW + 30 * 86_400,
      logIndex: 1,
      configured: true,
    });
  });

  it("credits a stakeFor to the event's user and keeps the sender as payer", () => {
    const beneficiary = addr("b0b");
    const [activity] = read(
      receipt(tx(2), WALLET, VAULT, [stakedLog(VAULT, beneficiary, 7n, 0, tx(2))]),
      call(STAKE_SELECTORS["stakeFor(address,uint256)"], VAULT),
    );
    expect(activity).to.include({ staker: beneficiary, payer: WALLET, asset: "native", amount: 7n, lockUntil: null });
  });

  it("sizes a native stake on an unknown contract only by the value the transaction really sent", () => {
    const stranger = addr("5ca1");
    const r = receipt(tx(3), WALLET, stranger, [stakedLog(stranger, WALLET, 10n ** 30n, 0, tx(3))]);
    expect(read(r)[0]?.amount).to.equal(0n);
    expect(read(r, call(STAKE_SELECTORS["stake()"], stranger, 42n))[0]?.amount).to.equal(42n);
  });

  it("falls back to the selector when no staking event was emitted", () => {
    const stranger = addr("5ca1");
    const native = read(receipt(tx(4), WALLET, stranger, []), call(STAKE_SELECTORS["stake()"], stranger, 9n));
    expect(native[0]).to.include({ kind: "stake", asset: "native", amount: 9n, logIndex: -1, configured: false });
    const erc20 = read(
      receipt(tx(5), WALLET, stranger, [transferLog(TOKEN, WALLET, stranger, 3n, tx(5))]),
      call(STAKE_SELECTORS["deposit(uint256)"], stranger),
    );
    expect(erc20[0]).to.include({ asset: TOKEN, amount: 3n });
  });

  it("ignores a stake call that moved nothing, a failed transaction, and calls that are not staking", () => {
    expect(read(receipt(tx(6), WALLET, VAULT, []), call(STAKE_SELECTORS["stake(uint256)"], VAULT))).to.deep.equal([]);
    const failed = { ...receipt(tx(7), WALLET, VAULT, [stakedLog(VAULT, WALLET, 1n, 0, tx(7))]), success: false };
    expect(read(failed)).to.deep.equal([]);
    expect(read(receipt(tx(8), WALLET, VAULT, []), call("0xa9059cbb", VAULT, 1n))).to.deep.equal([]);
  });

  it("reads unstakes from the event, or from the selector with an unknown (0) native payout", () => {
    const evented = read(
      receipt(tx(9), WALLET, VAULT, [
        transferLog(TOKEN, VAULT, WALLET, 5n, tx(9)),
        unstakedLog(VAULT, WALLET, 5n, tx(9)),
      ]),
    );
    expect(evented[0]).to.include({ kind: "unstake", asset: TOKEN, amount: 5n });
    const bySelector = read(receipt(tx(10), WALLET, VAULT, []), call(UNSTAKE_SELECTORS["exit()"], VAULT));
    expect(bySelector[0]).to.include({ kind: "unstake", asset: "native", amount: 0n });
  });

  it("drops a selector-only withdraw on an unconfigured contract the wallet never staked in (WETH unwraps)", () => {
    const weth = addr("e7e7");
    const unwrap = read(
      receipt(tx(11), WALLET, weth, []),
      call(UNSTAKE_SELECTORS["withdraw(uint256)"], weth),
      new Set(),
    );
    expect(unwrap).to.have.length(1);
    expect(walletActivities(WALLET, unwrap)).to.deep.equal([]);
    const staked = read(receipt(tx(12), WALLET, weth, []), call(STAKE_SELECTORS["stake()"], weth, 5n), new Set());
    expect(walletActivities(WALLET, [...staked, ...unwrap])).to.have.length(2);
  });

  it("keeps only activity where the wallet is the staker or the payer", () => {
    const other = read(receipt(tx(13), addr(9), VAULT, [stakedLog(VAULT, addr(8), 1n, 0, tx(13))]));
    expect(walletActivities(WALLET, other)).to.deep.equal([]);
  });
});
