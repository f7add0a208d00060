import { InMemoryFlagDecisionStore } from "../../../src/adapters/storage/in-memory-flag-decision-store.adapter";
import { flagDecisionStoreContract } from "./flag-decision-store.contract";

flagDecisionStoreContract("in-memory", () => new InMemoryFlagDecisionStore());
