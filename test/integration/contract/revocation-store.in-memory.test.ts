import { InMemoryRevocationStore } from "../../../src/adapters/storage/in-memory-revocation-store.adapter";
import { revocationStoreContract } from "./revocation-store.contract";

revocationStoreContract("in-memory", () => new InMemoryRevocationStore());
