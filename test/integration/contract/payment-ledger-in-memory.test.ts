import { InMemoryPaymentLedger } from "../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import { paymentLedgerContract } from "./payment-ledger.contract";

paymentLedgerContract("in memory", () => new InMemoryPaymentLedger());
