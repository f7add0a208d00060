import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import Koa from "koa";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { InMemoryPaymentLedger } from "../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import { PaidQuery } from "../../../src/application/use-cases/payment/paid-query.use-case";
import { requestPaidAnswer, type ProofKind } from "../../../scripts/pay";
import { paymentWorld, type PaymentWorld } from "./support/payment-world";

/**
 * A stand-in for the lead's oracle route (the real one lives in adapters/http), just enough to
 * drive scripts/pay.ts over real HTTP: 402 with PAYMENT-REQUIRED, 422, or 200 with receipts.
 */
function oracleStandIn(paidQuery: PaidQuery): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const match = /^\/api\/oracle\/(0x[0-9a-fA-F]{40})$/.exec(ctx.path);
    if (match === null) return void (ctx.status = 404);
    const resource = `${ctx.origin}${ctx.path}`;
    const result = await paidQuery.execute({
      headers: ctx.headers,
      resource,
      compute: () => TE.right({ address: match[1], score: 64 }),
    })();
    if (E.isRight(result)) {
      ctx.set(result.right.headers);
      ctx.body = result.right.answer;
      return;
    }
    const failure = result.left;
    if (failure._tag === "PaymentRequired") {
      ctx.status = 402;
      ctx.set(failure.headers);
      ctx.body = failure.body;
    } else if (failure._tag === "InvalidPayment") {
      ctx.status = 422;
      ctx.body = { error: "invalid_payment", reason: failure.reason };
    } else {
      ctx.status = 502;
      ctx.body = { error: "payment_unavailable" };
    }
  });
  return app;
}

describe("scripts/pay.ts against an oracle over HTTP", function () {
  this.timeout(60_000);
  let w: PaymentWorld;
  let server: Server;
  let url: string;

  before(async () => {
    w = await paymentWorld();
    const paidQuery = new PaidQuery(w.verifier, w.settler, new InMemoryPaymentLedger(), w.terms);
    server = oracleStandIn(paidQuery).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => new Promise((resolve) => server.close(resolve)));

  for (const proof of ["v1", "v2", "transfer"] as ProofKind[]) {
    it(`pays with ${proof}, gets the answer and the settlement receipt`, async () => {
      const signer = w.wallet(0);
      const payeeBefore = await w.usdcBalance(w.terms.payTo);
      const address = "0x00000000000000000000000000000000000000aa";
      const result = await requestPaidAnswer({ url, address, token: false, proof, signer, now: w.headTime });
      expect(result.status).to.equal(200);
      expect(result.body).to.deep.equal({ address, score: 64 });
      expect(result.paymentResponse).to.deep.include({ success: true, payer: signer.address.toLowerCase() });
      expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore + 1000n);
    });
  }
});
