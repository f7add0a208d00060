import { parseEther } from "ethers";
import { asAddress } from "../../../src/domain/chain/address";
import type { WorldWallet } from "../../../src/dev-world/world/chain-writer";
import { type TimedAction, play } from "../../../src/dev-world/world/scenarios/scenario-kit";
import type { Scenario } from "../../../src/dev-world/world/timeline";
import { DAY, HOUR, type World } from "../../../src/dev-world/world/world";
import { type Instance, seededAddress } from "./instance";

type Random = (min: number, max: number) => number;
type Record_ = (instance: Instance) => void;

const eth = (milli: number): bigint => parseEther((milli / 1000).toString());

/** A few plain payments to different addresses over days: an ordinary user. */
function payments(world: World, wallet: WorldWallet, random: Random, fromDay: number, count: number): TimedAction[] {
  return Array.from({ length: count }, (_, i) => ({
    at: world.day(fromDay + i * random(1, 3), random(1, 22) * HOUR + random(0, 3_599)),
    run: () => world.writer.transferNative(wallet, seededAddress(random), eth(random(1, 50))),
  }));
}

/** Received gas once from someone and never acted: FRESH_WALLET, thin coverage. */
export async function* freshWallet(world: World, label: string, random: Random, record: Record_): Scenario {
  const funder = await world.wallet(`${label}-funder`);
  const fresh = await world.wallet(label, 0n);
  record({
    kind: "wallet",
    variant: "fresh",
    address: asAddress(fresh.address),
    expected: ["FRESH_WALLET"],
    benign: true,
  });
  yield world.end - random(1, 5) * DAY;
  await world.writer.transferNative(funder, fresh.address, eth(random(10, 900)));
}

/** Never touched: coverage none. Nothing happens on chain. */
export function neverSeen(random: Random, record: Record_): void {
  // FRESH_WALLET's rule (at most 3 transactions) holds for an address with none; coverage says it is unknown.
  record({
    kind: "wallet",
    variant: "neverSeen",
    address: asAddress(seededAddress(random)),
    expected: ["FRESH_WALLET"],
    benign: true,
  });
}

/**
 * One funder sends first funding to `count` fresh wallets within a day, which then live ordinary lives. A
 * labelled exchange doing this is benign; an unlabelled funder is SHARED_FUNDING_SOURCE.
 */
export async function* fundedCohort(
  world: World,
  funder: WorldWallet,
  label: string,
  count: number,
  exchange: boolean,
  random: Random,
  record: Record_,
): Scenario {
  const wallets = await Promise.all(Array.from({ length: count }, (_, i) => world.wallet(`${label}-${i}`, 0n)));
  const day = random(5, 30);
  for (const w of wallets) {
    record({
      kind: "wallet",
      variant: exchange ? "exchangeUser" : "sybil",
      address: asAddress(w.address),
      expected: exchange ? [] : ["SHARED_FUNDING_SOURCE"],
      benign: exchange,
    });
  }
  yield* play([
    ...wallets.map((w, i) => ({
      at: world.day(day, i * random(300, 2_400) + random(0, 600)),
      run: () => world.writer.transferNative(funder, w.address, eth(random(500, 2_000))),
    })),
    ...wallets.flatMap((w) => payments(world, w, random, day + 1, random(4, 8))),
  ]);
}

/** Two wallets sending the same amount back and forth within hours, 3 to 5 times: WASH_TRADING on both. */
export async function* washPair(world: World, label: string, random: Random, record: Record_): Scenario {
  const a = await world.wallet(`${label}-a`);
  const b = await world.wallet(`${label}-b`);
  for (const w of [a, b])
    record({
      kind: "wallet",
      variant: "washTrader",
      address: asAddress(w.address),
      expected: ["WASH_TRADING"],
      benign: false,
    });
  const day = random(5, 40);
  const actions: TimedAction[] = [];
  for (let k = 0; k < random(3, 5); k++) {
    const amount = eth(random(100, 3_000));
    const at = world.day(day + k * random(2, 4), random(1, 18) * HOUR);
    actions.push({ at, run: () => world.writer.transferNative(a, b.address, amount) });
    actions.push({ at: at + random(1, 5) * HOUR, run: () => world.writer.transferNative(b, a.address, amount) });
  }
  actions.push(...payments(world, a, random, day + 20, 3), ...payments(world, b, random, day + 20, 3));
  yield* play(actions);
}

/** 35 to 45 payments on an exact beat within an hour: VELOCITY_BURST and MACHINE_REGULAR_INTERVALS. */
export async function* bot(world: World, label: string, random: Random, record: Record_): Scenario {
  const wallet = await world.wallet(label, parseEther("50"));
  record({
    kind: "wallet",
    variant: "bot",
    address: asAddress(wallet.address),
    expected: ["VELOCITY_BURST", "MACHINE_REGULAR_INTERVALS"],
    benign: false,
  });
  const start = world.day(random(5, 40), random(1, 20) * HOUR);
  const beat = random(50, 85);
  const sink = seededAddress(random);
  yield* play(
    Array.from({ length: random(35, 45) }, (_, i) => ({
      at: start + i * beat,
      run: () => world.writer.transferNative(wallet, sink, eth(random(1, 5))),
    })),
  );
}

/** An ordinary wallet: payments to different people over weeks. No flag. */
export async function* diverseWallet(world: World, label: string, random: Random, record: Record_): Scenario {
  const wallet = await world.wallet(label, parseEther("20"));
  record({
    kind: "wallet",
    variant: "diverse",
    address: asAddress(wallet.address),
    expected: [],
    benign: true,
  });
  yield* play(payments(world, wallet, random, random(3, 10), random(8, 15)));
}
