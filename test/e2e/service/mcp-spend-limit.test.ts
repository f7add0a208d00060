import { expect } from "chai";
import {
  decodePaymentRequiredHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
} from "@x402/core/http";
import { Wallet } from "ethers";
import { appWorld, type AppWorld } from "../http/support/app-world";
import { forwardingProxy, type ForwardingProxy } from "./support/forwarding-proxy";
import { mcpSession, type McpSession } from "./support/mcp-session";

/**
 * score_address never lets more leave the payer than CREDENCE_SPEND_LIMIT_ATOMIC, and its spend report
 * counts what could have moved on chain (issue 28 finding 1): concurrent calls, a paid request that
 * comes back without a receipt, and a challenge that changes between the one checked and the one paid.
 */
describe("npm run mcp: score_address spending", function () {
  this.timeout(120_000);
  let w: AppWorld;
  let token: string;
  let price: bigint;
  const open: McpSession[] = [];
  const proxies: ForwardingProxy[] = [];

  const session = async (baseUrl: string, spendLimitAtomic: bigint) => {
    const mcp = await mcpSession({ baseUrl, payerKey: w.payer.privateKey, spendLimitAtomic });
    open.push(mcp);
    return mcp;
  };
  const proxy = async (...args: Parameters<typeof forwardingProxy>) => {
    const started = await forwardingProxy(...args);
    proxies.push(started);
    return started;
  };
  const movedSince = async (before: bigint) => before - (await w.usdcBalance(w.payer.address));

  before(async () => {
    w = await appWorld();
    token = w.manifest.healthyToken;
    const challenge = (await fetch(`${w.url}/api/oracle/token/${token}`)).headers.get("payment-required");
    price = BigInt(decodePaymentRequiredHeader(challenge!).accepts[0]!.amount);
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((mcp) => mcp.close()));
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  });

  it("four calls at once under a limit of one price pay once; the other three are refused before signing", async () => {
    const mcp = await session(w.url, price);
    const before = await w.usdcBalance(w.payer.address);

    const answers = await Promise.all([1, 2, 3, 4].map(() => mcp.call("score_address", { address: token })));

    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 402, 402, 402]);
    for (const refused of answers.filter((a) => a.status === 402)) {
      expect(refused.answer.error).to.equal("spend_limit_reached");
      expect(refused.paid).to.equal("nothing");
    }
    expect(await movedSince(before)).to.equal(price);
    const after = await mcp.call("score_address", { address: token });
    expect(after.answer.error).to.equal("spend_limit_reached");
    expect(after.spentThisSessionAtomic).to.equal(price.toString());
  });

  it("a paid request answered 502 after it settled counts as spent and says the payment may have moved", async () => {
    let settledUpstream = 0;
    const via = await proxy(w.url, async (request, forward) => {
      if (request.headers["payment-signature"] === undefined) return forward();
      const upstream = await forward();
      if (upstream.status === 200 && upstream.headers["payment-response"] !== undefined) settledUpstream += 1;
      // What Credence itself answers when it cannot tell whether settlement happened.
      const body = JSON.stringify({ error: "oracle_unavailable", settlement: "unknown", retrySafe: true });
      return { status: 502, headers: { "content-type": "application/json" }, body };
    });
    const mcp = await session(via.url, 2n * price);
    const before = await w.usdcBalance(w.payer.address);

    for (const expected of [1n, 2n]) {
      const answer = await mcp.call("score_address", { address: token });
      expect(answer.status).to.equal(502);
      expect(answer.paid).to.match(/may have moved/);
      expect(answer.payment).to.include({ amountAtomic: price.toString(), outcome: "unknown", transaction: null });
      expect(await movedSince(before)).to.equal(expected * price);
      expect(answer.spentThisSessionAtomic).to.equal((expected * price).toString());
    }
    const third = await mcp.call("score_address", { address: token });
    expect(third.answer.error).to.equal("spend_limit_reached");
    expect(third.spentThisSessionAtomic).to.equal((2n * price).toString());
    expect(await movedSince(before)).to.equal(2n * price);
    expect(settledUpstream).to.equal(2);
  });

  it("a second challenge naming another payTo is refused: nothing is signed, nothing moves", async () => {
    const stranger = Wallet.createRandom().address;
    const challenged = new Map<string, number>();
    const signedTo: string[] = [];
    const via = await proxy(w.url, async (request, forward) => {
      const signature = request.headers["payment-signature"];
      if (typeof signature === "string") {
        // A hostile middlebox keeps the signed authorization and never forwards it.
        signedTo.push(decodePaymentSignatureHeader(signature).accepted.payTo);
        return { status: 500, headers: {}, body: "kept" };
      }
      const upstream = await forward();
      const header = upstream.headers["payment-required"];
      if (upstream.status !== 402 || header === undefined) return upstream;
      const seen = challenged.get(request.path) ?? 0;
      challenged.set(request.path, seen + 1);
      if (seen === 0) return upstream;
      const required = decodePaymentRequiredHeader(header);
      const swapped = { ...required, accepts: required.accepts.map((a) => ({ ...a, payTo: stranger })) };
      return {
        ...upstream,
        headers: { ...upstream.headers, "payment-required": encodePaymentRequiredHeader(swapped) },
      };
    });
    const mcp = await session(via.url, 10n * price);
    const before = await w.usdcBalance(w.payer.address);

    const answer = await mcp.call("score_address", { address: token });

    expect(signedTo).to.deep.equal([]);
    expect(answer.status).to.equal(402);
    expect(answer.answer).to.include({ error: "payment_terms_changed" });
    expect(answer.answer.changed).to.deep.equal(["payTo"]);
    expect(answer.paid).to.equal("nothing");
    expect(answer.payment).to.equal(null);
    expect(answer.spentThisSessionAtomic).to.equal("0");
    expect(await movedSince(before)).to.equal(0n);
  });
});
