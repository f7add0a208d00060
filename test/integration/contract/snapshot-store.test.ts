import { expect } from "chai";
import { InMemorySnapshotStore } from "../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import type { Address } from "../../../src/domain/chain/address";
import { draft, snapshotStoreContract } from "./snapshot-store.contract";

snapshotStoreContract("in memory", () => new InMemorySnapshotStore());

describe("InMemorySnapshotStore bounds", () => {
  it("keeps a bounded history per subject and forgets ids it dropped", async () => {
    const store = new InMemorySnapshotStore({ perSubject: 50 });
    const subject = ("0x" + "d".repeat(40)) as Address;
    const first = await store.record(draft(subject, 0));
    for (let i = 1; i <= 50; i++) await store.record(draft(subject, i));
    expect(await store.byId(first.id)).to.equal(null);
    expect((await store.listFor(subject, 100)).length).to.equal(50);
  });

  it("drops the least recently scored subject past the subject cap", async () => {
    const store = new InMemorySnapshotStore({ maxSubjects: 2 });
    const [a, b, c] = ["1", "2", "3"].map((d) => ("0x" + d.repeat(40)) as Address);
    await store.record(draft(a!, 1));
    await store.record(draft(b!, 2));
    await store.record(draft(a!, 3));
    await store.record(draft(c!, 4));
    expect(await store.listFor(b!, 10)).to.deep.equal([]);
    expect((await store.listFor(a!, 10)).length).to.equal(2);
  });
});
