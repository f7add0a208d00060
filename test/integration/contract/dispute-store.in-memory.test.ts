import { InMemoryDisputeStore } from "../../../src/adapters/storage/in-memory-dispute-store.adapter";
import { disputeStoreContract } from "./dispute-store.contract";

disputeStoreContract("in-memory", () => new InMemoryDisputeStore());
