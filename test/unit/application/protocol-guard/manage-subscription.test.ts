import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { upstreamFailure } from "../../../../src/application/failures";
import type { SubscriptionStore } from "../../../../src/application/ports/subscription-store.port";
import { ListSubscriptions } from "../../../../src/application/use-cases/protocol-guard/list-subscriptions.use-case";
import { hashManageToken, manageTokenMatches } from "../../../../src/application/use-cases/protocol-guard/manage-token";
import { ReadSubscription } from "../../../../src/application/use-cases/protocol-guard/read-subscription.use-case";
import { Subscribe } from "../../../../src/application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../../../src/application/use-cases/protocol-guard/update-subscription.use-case";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import type { SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { countingTokens, fixedClock } from "../../../support/fakes/guard-fakes";

const codeOf = <R>(result: E.Either<{ code: string }, R>) => (E.isLeft(result) ? result.left.code : "ok");

describe("Protocol Guard subscription management", () => {
  let store: InMemorySubscriptionStore;
  let id: string;
  let token: string;
  beforeEach(async () => {
    store = new InMemorySubscriptionStore();
    const created = await new Subscribe(store, countingTokens(), fixedClock()).execute({
      protocolName: "Lend",
      channels: { webhookUrl: "https://hooks.example.org/secret" },
      rules: [{ type: "min_score", value: 50, action: "review" }],
    })();
    if (E.isLeft(created)) throw new Error(created.left.detail);
    ({ id, manageToken: token } = created.right);
    expect(created.right).to.deep.include({ status: "active", channels: { webhookUrl: true, email: false } });
  });

  it("stores only the sha256 of the manage token", async () => {
    const stored = await store.get(id as SubscriptionId)();
    expect(E.isRight(stored) && stored.right?.manageTokenHash).to.equal(hashManageToken(token));
    expect(JSON.stringify(stored)).not.to.contain(`"${token}"`);
    expect(manageTokenMatches(token, hashManageToken(token))).to.equal(true);
    expect(manageTokenMatches(token + "x", hashManageToken(token))).to.equal(false);
    expect(manageTokenMatches(undefined, hashManageToken(token))).to.equal(false);
  });

  it("read: the subscription redacted, alerts and (empty) onchain events, for the token only", async () => {
    const read = new ReadSubscription(store);
    const result = await read.execute({ id, token })();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    expect(result.right.subscription.channels).to.deep.equal({ webhookUrl: true, email: false });
    expect(result.right).to.deep.include({ alerts: [], onchainEvents: [] });
    expect(codeOf(await read.execute({ id, token: "wrong" })())).to.equal("unauthorized");
    expect(codeOf(await read.execute({ id })())).to.equal("unauthorized");
    expect(codeOf(await read.execute({ id: "sub_unknown", token })())).to.equal("registration_not_found");
  });

  it("update: every change in one write, after the token is checked", async () => {
    const update = new UpdateSubscription(store, fixedClock(Date.UTC(2025, 0, 2)));
    const changes = { status: "paused", rules: [], channels: { email: "ops@example.org" } } as const;
    expect(codeOf(await update.execute({ id, changes }, "wrong")())).to.equal("unauthorized");
    expect(await new ListSubscriptions(store).execute()()).to.deep.equal(
      E.right([{ id, protocolName: "Lend", status: "active" }]),
    );
    const result = await update.execute({ id, changes }, token)();
    expect(result).to.deep.equal(
      E.right({
        id,
        protocolName: "Lend",
        status: "paused",
        channels: { webhookUrl: false, email: true },
        rules: [],
        createdAt: "2025-01-01T00:00:00.000Z",
        updatedAt: "2025-01-02T00:00:00.000Z",
      }),
    );
    expect(codeOf(await update.execute({ id: "sub_unknown", changes }, token)())).to.equal("registration_not_found");
  });

  it("a store outage is storage_failed, never a made-up answer", async () => {
    const down = (): TE.TaskEither<ReturnType<typeof upstreamFailure>, never> =>
      TE.left(upstreamFailure("storage", "down"));
    const broken = { get: down, list: down } as unknown as SubscriptionStore;
    expect(codeOf(await new ReadSubscription(broken).execute({ id, token })())).to.equal("storage_failed");
    expect(codeOf(await new ListSubscriptions(broken).execute()())).to.equal("storage_failed");
  });
});
