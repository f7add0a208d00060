import { JsonRpcProvider, Network, Wallet } from "ethers";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { EthersPaymentSettler } from "../../src/adapters/payment/ethers-payment-settler.adapter";
import { EthersPaymentVerifier } from "../../src/adapters/payment/ethers-payment-verifier.adapter";
import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  x402V1PaymentHeader,
} from "../../src/adapters/payment/x402-client";
import { InMemoryPaymentLedger } from "../../src/adapters/storage/in-memory-payment-ledger.adapter";
import { PaidQuery } from "../../src/application/use-cases/payment/paid-query.use-case";
import { asAddress } from "../../src/domain/chain/address";
import { v1Requirements } from "../../src/domain/payment/payment-challenge";
import { findPaymentProof } from "../../src/domain/payment/payment-proof-codec";
import { DEFAULT_PAYMENT_TERMS, type PaymentTerms } from "../../src/domain/payment/payment-terms";
import { startDevWorld, type DevWorld } from "../../src/dev-world/dev-world";

/**
 * What payment adds to one oracle answer on the embedded chain: verification (signature
 * recovery plus balance, nonce and head reads), settlement (transferWithAuthorization mined),
 * and the whole paid path around a given computation, next to that computation unpaid.
 * Authorizations are signed before timing starts: signing is the client's cost, not ours.
 */
export interface PaymentBenchFigures {
  readonly calls: number;
  readonly msPerVerification: number;
  readonly msPerSettlement: number;
  /** Challenge-free paid call: decode, verify, reserve, compute, settle, record. */
  readonly msPerPaidCall: number;
  /** The same computation without payment. */
  readonly msPerUnpaidCall: number;
  /** msPerPaidCall / msPerUnpaidCall. */
  readonly paidOverUnpaid: number;
}

export interface PaymentBenchOptions {
  readonly calls?: number;
  /** The answer being sold, e.g. a cached score lookup; default: an already-computed value. */
  readonly compute?: () => TE.TaskEither<unknown, unknown>;
  /** A running dev world to reuse; otherwise one is started (about 5 s) and closed. */
  readonly devWorld?: DevWorld;
}

const RESOURCE = "http://127.0.0.1:3000/api/oracle/0x00000000000000000000000000000000000000aa";
const round = (ms: number): number => Math.round(ms * 1000) / 1000;

async function timeEach(count: number, run: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await run(i);
  return (performance.now() - started) / count;
}

export async function runPaymentBench(options: PaymentBenchOptions = {}): Promise<PaymentBenchFigures> {
  const calls = options.calls ?? 20;
  const compute = options.compute ?? (() => TE.right({ score: 72 }));
  const devWorld = options.devWorld ?? (await startDevWorld({ host: "127.0.0.1", port: 0 }));
  const { chain, manifest } = devWorld;
  const network = Network.from(chain.chainId);
  const provider = new JsonRpcProvider(chain.rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  try {
    const rpc = { rpcUrl: chain.rpcUrl, chainId: chain.chainId };
    const terms: PaymentTerms = { ...DEFAULT_PAYMENT_TERMS, payTo: asAddress(manifest.payee) };
    const verifier = new EthersPaymentVerifier(rpc);
    const settler = new EthersPaymentSettler(rpc, {
      settlementPrivateKey: chain.accounts[manifest.devAccounts.settlerIndex]?.privateKey ?? "",
    });
    const paidQuery = new PaidQuery(verifier, settler, new InMemoryPaymentLedger(), terms);
    const payer = new Wallet(chain.accounts[manifest.devAccounts.payerIndex]?.privateKey ?? "", provider);
    const requirements = v1Requirements(terms, RESOURCE);
    const now = (await provider.getBlock("latest"))?.timestamp ?? 0;
    const headers = async () => {
      const draft = draftAuthorization(payer.address, offerOf(requirements), now);
      return {
        "X-Payment": x402V1PaymentHeader(
          requirements,
          draft,
          await signAuthorization(payer, offerOf(requirements), chain.chainId, draft),
        ),
      };
    };
    const proofOf = (h: Record<string, string>) => {
      const found = findPaymentProof(h);
      if (found._tag !== "proof" || found.proof.kind !== "authorization") throw new Error("bench built a bad proof");
      return found.proof;
    };
    const forVerifyAndSettle = await Promise.all(Array.from({ length: calls }, async () => proofOf(await headers())));
    const forPaidCalls = await Promise.all(Array.from({ length: calls }, headers));

    const msPerVerification = await timeEach(calls, async (i) => {
      const result = await verifier.verify(forVerifyAndSettle[i]!, terms, RESOURCE)();
      if (E.isLeft(result) || !result.right.valid) throw new Error(`verification failed: ${JSON.stringify(result)}`);
    });
    const msPerSettlement = await timeEach(calls, async (i) => {
      const result = await settler.settle(forVerifyAndSettle[i]!, terms, RESOURCE)();
      if (E.isLeft(result) || !result.right.settled) throw new Error(`settlement failed: ${JSON.stringify(result)}`);
    });
    const msPerPaidCall = await timeEach(calls, async (i) => {
      const result = await paidQuery.execute({ headers: forPaidCalls[i]!, resource: RESOURCE, compute })();
      if (E.isLeft(result)) throw new Error(`paid call failed: ${JSON.stringify(result.left)}`);
    });
    const msPerUnpaidCall = await timeEach(calls, async () => {
      const result = await compute()();
      if (E.isLeft(result)) throw new Error("unpaid computation failed");
    });
    return {
      calls,
      msPerVerification: round(msPerVerification),
      msPerSettlement: round(msPerSettlement),
      msPerPaidCall: round(msPerPaidCall),
      msPerUnpaidCall: round(msPerUnpaidCall),
      paidOverUnpaid: round(msPerPaidCall / Math.max(msPerUnpaidCall, 0.001)),
    };
  } finally {
    provider.destroy();
    if (options.devWorld === undefined) await chain.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runPaymentBench();
  console.log("paid oracle bench", figures);
}
