import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";

const RELAYS = 2;
const MEMBERS = 10;
/** Wei of spread between members: near-identical amounts, as scripted farms send them. */
const JITTER = 1_000_000_000_000n;

/**
 * A labelled sybil farm for the graph-trust evaluation: one funder pays two relays, each relay pays
 * five brand-new members minutes later (so the members' first funder is a relay, not the source);
 * the members buy a points token in one block with near-identical amounts, and two days later all
 * sweep near-identical amounts to one address in one block.
 */
export async function* sybilFarmScenario(world: World): Scenario {
  const { amm, writer } = world;
  const project = await world.wallet("points-project", parseEther("30"));
  const funder = await world.wallet("sybil-funder", parseEther("100"));
  // No gas of their own: every native unit they hold comes down the funding chain.
  const relays = await Promise.all(Array.from({ length: RELAYS }, (_, i) => world.wallet(`sybil-relay-${i}`, 0n)));
  const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => world.wallet(`sybil-member-${i}`, 0n)));
  const sweepTo = await world.wallet("sybil-sweep", 0n);
  world.roles.sybilFarm = {
    members: members.map((m) => asAddress(m.address)),
    funder: asAddress(funder.address),
    relays: relays.map((r) => asAddress(r.address)),
    sweepTo: asAddress(sweepTo.address),
  };

  yield world.day(160, 9 * HOUR);
  const token = await world.deployToken(project, "Farm Points", "PTS", 10_000_000n * UNIT);
  await amm.approve(project, token.address);
  await amm.addLiquidityEth(project, token.address, 8_000_000n * UNIT, parseEther("20"));

  const perRelay = MEMBERS / RELAYS;
  yield world.day(161, 10 * HOUR);
  for (const relay of relays) await writer.transferNative(funder, relay.address, parseEther("6.1"));
  yield world.day(161, 10 * HOUR + 600);
  for (let i = 0; i < MEMBERS; i++) {
    const relay = relays[Math.floor(i / perRelay)]!;
    await writer.transferNative(relay, members[i]!.address, parseEther("1.2") + BigInt(i) * JITTER);
  }
  yield world.day(161, 12 * HOUR);
  for (let i = 0; i < MEMBERS; i++)
    await amm.buyWithEth(members[i]!, token.address, parseEther("0.5") + BigInt(i) * JITTER);
  yield world.day(163, 12 * HOUR);
  for (let i = 0; i < MEMBERS; i++)
    await writer.transferNative(members[i]!, sweepTo.address, parseEther("0.68") + BigInt(i) * JITTER);
}
