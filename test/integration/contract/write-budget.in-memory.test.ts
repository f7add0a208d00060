import { InMemoryWriteBudget } from "../../../src/adapters/write-budget/in-memory-write-budget.adapter";
import { writeBudgetContract } from "./write-budget.contract";

writeBudgetContract("in memory", async (limits) => new InMemoryWriteBudget(limits));
