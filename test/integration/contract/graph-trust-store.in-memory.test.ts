import { InMemoryGraphTrustStore } from "../../../src/adapters/storage/in-memory-graph-trust-store.adapter";
import { graphTrustStoreContract } from "./graph-trust-store.contract";

graphTrustStoreContract("in memory", () => new InMemoryGraphTrustStore());
