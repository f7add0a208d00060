import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, USD, type World } from "../world";
import { play, seededRandom, type TimedAction } from "./scenario-kit";

const EXCHANGE_USERS = 12;
const PAYROLL_RECIPIENTS = 8;
/** Users who deposit back to the exchange: a minority, as in real withdrawal/deposit traffic. */
const DEPOSITORS = 3;

/**
 * Honest look-alikes of a sybil farm, the negatives of the graph-trust evaluation: an exchange hot
 * wallet withdrawing to many users at irregular times and amounts, each user then living its own
 * life; and a payroll contract paying equal salaries to its staff in one block every month, each
 * recipient spending on its own schedule.
 */
export async function* exchangeHotWalletScenario(world: World): Scenario {
  const { writer } = world;
  const random = seededRandom("exchange-hot-wallet");
  const hot = await world.wallet("exchange-hot", parseEther("500"));
  const users = await Promise.all(
    Array.from({ length: EXCHANGE_USERS }, (_, i) => world.wallet(`exchange-user-${i}`, 0n)),
  );
  const shops = await world.wallets("exchange-user-shop", EXCHANGE_USERS * 2);
  Object.assign(world.roles, {
    exchangeHotWallet: asAddress(hot.address),
    exchangeUsers: users.map((u) => asAddress(u.address)),
  });

  const actions: TimedAction[] = [];
  users.forEach((user, i) => {
    const paidAt = world.day(100 + random(0, 40), random(6, 23) * HOUR + random(0, 3_000));
    const amount = parseEther(String(random(20, 300) / 100));
    actions.push({ at: paidAt, run: () => writer.transferNative(hot, user.address, amount) });
    const spends = 1 + random(0, 2);
    for (let k = 0; k < spends; k++) {
      const shop = shops[(i * 2 + k + random(0, 5)) % shops.length]!;
      const at = paidAt + random(1, 20) * 86_400 + random(0, 80_000);
      actions.push({
        at,
        run: () => writer.transferNative(user, shop.address, parseEther(String(random(1, 15) / 100))),
      });
    }
    if (i < DEPOSITORS) {
      const at = paidAt + random(25, 40) * 86_400 + random(0, 80_000);
      actions.push({ at, run: () => writer.transferNative(user, hot.address, parseEther(String(random(5, 9) / 100))) });
    }
  });
  yield* play(actions);
}

export async function* payrollScenario(world: World): Scenario {
  const { writer } = world;
  const random = seededRandom("payroll");
  const employer = await world.wallet("payroll-employer", parseEther("10"));
  const recipients = await world.wallets("payroll-recipient", PAYROLL_RECIPIENTS);
  const vendors = await world.wallets("payroll-vendor", PAYROLL_RECIPIENTS);
  const salary = 3_000n * USD;

  yield world.day(90, 8 * HOUR);
  const payroll = await writer.deploy(employer, world.artifact("Payroll"), [world.usdc.address], 1_000_000n);
  Object.assign(world.roles, {
    payrollContract: asAddress(payroll.address),
    payrollRecipients: recipients.map((r) => asAddress(r.address)),
  });
  yield world.day(90, 9 * HOUR);
  await world.mintUsdc(payroll.address, salary * BigInt(PAYROLL_RECIPIENTS) * 3n);

  const actions: TimedAction[] = [];
  for (let month = 0; month < 3; month++) {
    actions.push({
      at: world.day(95 + month * 30, 10 * HOUR),
      run: () =>
        writer.call(employer, payroll, "pay", [recipients.map((r) => r.address), recipients.map(() => salary)], {
          gas: 600_000n,
        }),
    });
    recipients.forEach((recipient, i) => {
      const vendor = vendors[(i + month + random(0, 3)) % vendors.length]!;
      const at = world.day(96 + month * 30 + random(0, 20), random(7, 22) * HOUR + random(0, 3_000));
      const amount = BigInt(random(40, 900)) * USD;
      actions.push({ at, run: () => world.transfer(recipient, world.usdc.address, vendor.address, amount) });
    });
  }
  yield* play(actions);
}
