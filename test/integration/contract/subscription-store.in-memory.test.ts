import { InMemorySubscriptionStore } from "../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { subscriptionStoreContract } from "./subscription-store.contract";

subscriptionStoreContract("in-memory", () => new InMemorySubscriptionStore());
