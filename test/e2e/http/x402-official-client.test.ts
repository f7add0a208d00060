import { expect } from "chai";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { appendPaymentIdentifierToExtensions, generatePaymentId } from "@x402/extensions/payment-identifier";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { extractDiscoveryInfo, validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { wrapFetchWithSIWx } from "@x402/extensions/sign-in-with-x";
import { privateKeyToAccount } from "viem/accounts";
import { appWorld, type AppWorld } from "./support/app-world";
import type { UncheckedJson } from "./support/http-client";

/**
 * The official x402 client (@x402/fetch + @x402/evm's exact scheme, a viem account) pays the oracle
 * with no glue of ours; the only configuration is the client's own spend control, because USDC on
 * Arc testnet is not among @x402/evm's default assets (issue 19 items 1 and 4).
 */
describe("HTTP e2e: the official @x402/fetch client and the payment-identifier extension", function () {
  this.timeout(120_000);
  let w: AppWorld;

  before(async () => {
    w = await appWorld();
  });

  /** An x402 client for the dev payer; `paymentId`: append that payment-identifier to every payment. */
  function officialClient(paymentId?: string) {
    const signer = toClientEvmSigner(privateKeyToAccount(w.payer.privateKey as `0x${string}`));
    const client = new x402Client().register(`eip155:${w.chainId}`, new ExactEvmScheme(signer));
    client.setSpendControls({
      allowedAssets: [
        { network: `eip155:${w.chainId}`, asset: w.manifest.contracts.usdc, maxAmountPerPayment: "1000" },
      ],
    });
    if (paymentId !== undefined) {
      client.onBeforePaymentCreation(async ({ paymentRequired }) => {
        appendPaymentIdentifierToExtensions((paymentRequired.extensions ??= {}), paymentId);
      });
    }
    return client;
  }

  /** fetch that records what the client sent; `dropFirstPaidAnswer` loses the paid response (a client timeout). */
  function recordingFetch(dropFirstPaidAnswer: boolean) {
    const sent: Headers[] = [];
    let dropped = false;
    const inner: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.headers);
      const response = await fetch(request);
      if (dropFirstPaidAnswer && !dropped && request.headers.has("payment-signature")) {
        dropped = true;
        await response.arrayBuffer();
        throw new Error("simulated client timeout: the paid answer never arrived");
      }
      return response;
    };
    return { inner, sent };
  }

  it("the 402 declares the payment-identifier extension in its v2 form (decoded with @x402/core)", async () => {
    const res = await fetch(`${w.url}/api/oracle/${w.manifest.longLivedWallet}`);
    expect(res.status).to.equal(402);
    const required = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    expect(required.x402Version).to.equal(2);
    expect(required.accepts[0]).to.include({ network: `eip155:${w.chainId}`, amount: "1000", scheme: "exact" });
    expect(required.accepts[0]!.extra).to.deep.equal({ name: "USDC", version: "2" });
    expect(required.extensions?.["payment-identifier"]).to.deep.include({ info: { required: false } });
  });

  it("the 402 declares the bazaar extension from the OpenAPI document: method, path params, output example and schema", async () => {
    const openapi = (await (await fetch(`${w.url}/openapi.json`)).json()) as UncheckedJson;
    for (const [path, component] of [
      [`/api/oracle/${w.manifest.longLivedWallet}`, "OracleWalletResponse"],
      [`/api/oracle/token/${w.manifest.healthyToken}`, "TokenScore"],
    ] as const) {
      const res = await fetch(w.url + path);
      expect(res.status).to.equal(402);
      const required = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
      const bazaar = required.extensions?.bazaar as UncheckedJson;
      expect(validateDiscoveryExtension(bazaar)).to.deep.equal({ valid: true });
      expect(bazaar.info.input).to.deep.include({ type: "http", method: "GET" });
      expect(bazaar.info.input.pathParams).to.deep.equal({ address: path.split("/").pop() });
      const documented = openapi.components.schemas[component];
      expect(bazaar.info.output.example).to.deep.equal(documented.examples[0]);
      expect(bazaar.schema.properties.output.properties.example.required).to.deep.equal(documented.required);
      expect(bazaar.schema.properties.input.properties.pathParams.properties.address).to.deep.equal(
        openapi.components.schemas.Address,
      );
      const discovered = extractDiscoveryInfo(
        {
          x402Version: 2,
          resource: required.resource,
          accepted: required.accepts[0]!,
          payload: {},
          extensions: required.extensions,
        },
        required.accepts[0]!,
      );
      expect(discovered?.resourceUrl).to.equal(w.url + path);
    }
  });

  it("pays with no glue: 200, the score, a PAYMENT-RESPONSE the package decodes, payee +1000", async () => {
    const payTo = (
      (await (await fetch(`${w.url}/api/oracle/${w.manifest.longLivedWallet}`)).json()) as { recipient: string }
    ).recipient;
    const before = await w.usdcBalance(payTo);
    const pay = wrapFetchWithPayment(fetch, officialClient());
    const res = await pay(`${w.url}/api/oracle/${w.manifest.longLivedWallet}`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { address: string };
    expect(body.address).to.equal(w.manifest.longLivedWallet);
    const settled = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(settled).to.include({ success: true, network: `eip155:${w.chainId}` });
    expect(await w.usdcBalance(payTo)).to.equal(before + 1000n);
  });

  it("a retry after a client timeout with the same payment-identifier gets the identical answer; USDC moves once", async () => {
    const path = `${w.url}/api/oracle/${w.manifest.longLivedWallet}`;
    const id = generatePaymentId("pay_");
    const payerBefore = await w.usdcBalance(w.payer.address);
    const { inner, sent } = recordingFetch(true);
    const pay = wrapFetchWithPayment(inner, officialClient(id));
    let timedOut = false;
    await pay(path).catch(() => (timedOut = true));
    expect(timedOut).to.equal(true);
    const header = sent.find((h) => h.has("payment-signature"))!.get("payment-signature")!;
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerBefore - 1000n);

    // The client retries with exactly what it sent before.
    const first = await fetch(path, { headers: { "PAYMENT-SIGNATURE": header } });
    const second = await fetch(path, { headers: { "PAYMENT-SIGNATURE": header } });
    expect(first.status).to.equal(200);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).to.equal(a);
    expect(JSON.parse(a).queriedAt).to.be.a("string");
    expect(first.headers.get("payment-response")).to.equal(second.headers.get("payment-response"));
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerBefore - 1000n);

    // The same id with another payment (a fresh authorization) is refused, and nothing is charged.
    const { inner: other } = recordingFetch(false);
    const conflict = await wrapFetchWithPayment(other, officialClient(id))(path);
    expect(conflict.status).to.equal(409);
    expect(await conflict.json()).to.deep.equal({ error: "payment_identifier_conflict" });
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerBefore - 1000n);
  });

  it("an ill-formed payment-identifier is 422 invalid_payment_identifier before anything moves", async () => {
    const path = `${w.url}/api/oracle/${w.manifest.longLivedWallet}`;
    const client = officialClient();
    client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      const extensions = (paymentRequired.extensions ??= {});
      (extensions["payment-identifier"] as { info: Record<string, unknown> }).info.id = "short";
    });
    const res = await wrapFetchWithPayment(fetch, client)(path);
    expect(res.status).to.equal(422);
    expect(await res.json()).to.deep.equal({ error: "invalid_payment", reason: "invalid_payment_identifier" });
  });
});

describe("HTTP e2e: re-access to a bought score by signing in with the wallet (x402 sign-in-with-x)", function () {
  this.timeout(120_000);
  let w: AppWorld;

  before(async () => {
    w = await appWorld();
  });

  it("the payer signs in (CAIP-122 message, official wrapFetchWithSIWx) and reads the stored answer again for free", async () => {
    const path = `${w.url}/api/oracle/token/${w.manifest.healthyToken}`;
    const account = privateKeyToAccount(w.payer.privateKey as `0x${string}`);
    const signer = toClientEvmSigner(account);
    const client = new x402Client().register(`eip155:${w.chainId}`, new ExactEvmScheme(signer));
    client.setSpendControls({
      allowedAssets: [
        { network: `eip155:${w.chainId}`, asset: w.manifest.contracts.usdc, maxAmountPerPayment: "1000" },
      ],
    });
    const bought = await wrapFetchWithPayment(fetch, client)(path);
    expect(bought.status).to.equal(200);
    const boughtBody = await bought.text();
    const payerAfterPurchase = await w.usdcBalance(w.payer.address);

    const sent: Headers[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.headers);
      return fetch(request);
    };
    const reread = await wrapFetchWithSIWx(recording, account)(path);
    expect(reread.status).to.equal(200);
    expect(await reread.text()).to.equal(boughtBody);
    expect(JSON.parse(boughtBody).queriedAt).to.be.a("string");
    expect(Date.parse(reread.headers.get("credence-reaccess")!)).to.be.closeTo(Date.now(), 120_000);
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerAfterPurchase);

    // The nonce is single-use: the same signed message is refused the second time.
    const signIn = sent.find((h) => h.has("sign-in-with-x"))!.get("sign-in-with-x")!;
    const replay = await fetch(path, { headers: { "SIGN-IN-WITH-X": signIn } });
    expect(replay.status).to.equal(401);
    expect(await replay.json()).to.deep.equal({ error: "sign_in_failed", reason: "invalid_siwx_nonce" });

    // Bound to its resource: presented on another path it does not sign in.
    const elsewhere = await fetch(`${w.url}/api/oracle/${w.manifest.longLivedWallet}`, {
      headers: { "SIGN-IN-WITH-X": signIn },
    });
    expect(elsewhere.status).to.equal(401);
    expect(await elsewhere.json()).to.deep.equal({ error: "sign_in_failed", reason: "invalid_siwx_uri_mismatch" });
  });

  it("a wallet that bought nothing signs in and still gets the 402 challenge", async () => {
    const stranger = privateKeyToAccount(`0x${"5".repeat(64)}`);
    const res = await wrapFetchWithSIWx(fetch, stranger)(`${w.url}/api/oracle/token/${w.manifest.healthyToken}`);
    expect(res.status).to.equal(402);
  });
});
