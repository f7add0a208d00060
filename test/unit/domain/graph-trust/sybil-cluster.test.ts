import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import type { TxHash } from "../../../../src/domain/chain/chain-types";
import type { CommunityWallet, WalletSend } from "../../../../src/domain/graph-trust/community-facts";
import { fundingRoot, type FundingLink } from "../../../../src/domain/graph-trust/funding-root";
import { clusterId, judgeCommunity } from "../../../../src/domain/graph-trust/sybil-cluster";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as TxHash;
const DAY = 86_400;
const FUNDER = addr(0xf0);
const RELAY = addr(0xf1);
const SWEEP = addr(0xf2);
const TOKEN = addr(0xf3);
const ROUTER = addr(0xf4);
const ETH = 10n ** 18n;

const send = (to: Address, value: bigint, block: number, n: number, toContract = false): WalletSend => ({
  to,
  asset: "native",
  value,
  txHash: tx(n),
  block,
  toContract,
});

/** A farm member: funded through RELAY, buys TOKEN in block 100 and sweeps most of its money in block 200. */
function farmMember(i: number): CommunityWallet {
  const chain: FundingLink[] = [
    { funder: RELAY, txHash: tx(1000 + i), at: 10 * DAY + 600 },
    { funder: FUNDER, txHash: tx(999), at: 10 * DAY },
  ];
  return {
    address: addr(i),
    funding: fundingRoot(chain),
    sends: [
      send(ROUTER, ETH / 2n + BigInt(i), 100, 2000 + i, true),
      send(SWEEP, (7n * ETH) / 10n + BigInt(i), 200, 3000 + i),
    ],
    trades: [{ token: TOKEN, txHash: tx(2000 + i), block: 100 }],
    received: new Map<Address | "native", bigint>([["native", (12n * ETH) / 10n]]),
  };
}

const facts = (wallets: CommunityWallet[]) => ({ wallets, moneyTokens: new Set<Address>() });

describe("sybil clusters (domain)", () => {
  it("follows first funding through relays that pass money on within a day, up to the depth", () => {
    const root = fundingRoot([
      { funder: RELAY, txHash: tx(1), at: 1_000 },
      { funder: FUNDER, txHash: tx(2), at: 500 },
      { funder: addr(0xee), txHash: tx(3), at: 100 },
      { funder: addr(0xef), txHash: tx(4), at: 50 },
    ]);
    expect(root).to.deep.equal({
      root: addr(0xee),
      via: [RELAY, FUNDER],
      fundedAt: 1_000,
      txHashes: [tx(1), tx(2), tx(3)],
    });
    // An address funded months before it funds anyone is a source, not a relay.
    const old = fundingRoot([
      { funder: RELAY, txHash: tx(1), at: 100 * DAY },
      { funder: FUNDER, txHash: tx(2), at: 10 * DAY },
    ]);
    expect(old?.root).to.equal(RELAY);
    expect(old?.via).to.deep.equal([]);
  });

  it("clusters a layered farm with every family, setting the funder, relay and sweep address aside", () => {
    const wallets = [...Array.from({ length: 10 }, (_, i) => farmMember(i + 1))];
    const hubs: CommunityWallet[] = [FUNDER, RELAY, SWEEP].map((a) => ({
      address: a,
      funding: null,
      sends: [],
      trades: [],
      received: new Map(),
    }));
    const cluster = judgeCommunity(facts([...wallets, ...hubs]));
    expect(cluster).not.to.equal(null);
    expect(cluster!.members).to.deep.equal(wallets.map((w) => w.address).sort());
    expect(cluster!.evidence.map((e) => e.family)).to.deep.equal([
      "funding",
      "sweep",
      "timing",
      "amounts",
      "co_trading",
    ]);
    expect(cluster!.evidence[0]!.detail).to.contain(FUNDER).and.contain(RELAY);
    expect(cluster!.confidence).to.be.above(0.9).and.at.most(1);
    expect(cluster!.id).to.equal(clusterId([...cluster!.members].reverse()));
  });

  it("needs at least five members", () => {
    expect(judgeCommunity(facts(Array.from({ length: 4 }, (_, i) => farmMember(i + 1))))).to.equal(null);
  });

  it("does not cluster a mint drop: same block, same amount, one creator, but no funding and no sweep", () => {
    const buyers = Array.from({ length: 10 }, (_, i) => ({
      address: addr(i + 1),
      funding: null,
      sends: [send(SWEEP, 100n, 50, 10 + i)],
      trades: [],
      // Each buyer had 500 and paid 100: a payment, not a sweep.
      received: new Map<Address | "native", bigint>([["native", 500n]]),
    }));
    expect(judgeCommunity(facts(buyers))).to.equal(null);
  });

  it("does not cluster exchange users: one funder, but months apart and each spending its own way", () => {
    const users = Array.from({ length: 12 }, (_, i) => ({
      address: addr(i + 1),
      funding: fundingRoot([{ funder: FUNDER, txHash: tx(i + 1), at: (i * 4 + 1) * DAY }]),
      sends: [send(addr(0x100 + i), BigInt(7 + 13 * i), 300 + 17 * i, 100 + i)],
      trades: [],
      received: new Map<Address | "native", bigint>([["native", 1000n]]),
    }));
    expect(judgeCommunity(facts(users))).to.equal(null);
  });
});
