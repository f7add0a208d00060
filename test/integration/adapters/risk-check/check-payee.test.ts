import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { createLocalJWKSet, jwtVerify } from "jose";
import { parseAllowlist } from "../../../../src/adapters/outbound/outbound-address-policy";
import { SafeHttpPaymentChallengeFetcher } from "../../../../src/adapters/outbound/safe-http-challenge-fetcher.adapter";
import { InMemoryPayeeSightings } from "../../../../src/adapters/risk-check/in-memory-payee-sightings.adapter";
import { JoseRiskCheckSigner } from "../../../../src/adapters/risk-check/jose-risk-check-signer.adapter";
import { CheckPayee } from "../../../../src/application/use-cases/risk-check/check-payee.use-case";
import type { RiskCheckScores } from "../../../../src/application/use-cases/risk-check/risk-check-scores.port";
import { encodeBase64Json } from "../../../../src/domain/payment/base64-json";

/** An answer body read by field (the use case returns it as plain JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const USDC = "0x3600000000000000000000000000000000000000";
const IMPOSTOR = "0x36000000000000000000000000000000000000aa";
const PAY_TO = "0x209693bc6afc0c5328ba36faf03c514ef312287c";
const BASE = "https://credence.example";

/** An x402 v1 402 answer as resource servers send it (Credence's own challenge has this shape). */
const v1 = (change: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  x402Version: 1,
  error: "payment_required",
  ...top,
  accepts: [
    {
      scheme: "exact",
      network: "arc-testnet",
      maxAmountRequired: "10000",
      resource: "https://shop.example/data",
      payTo: PAY_TO,
      asset: USDC,
      maxTimeoutSeconds: 300,
      extra: { name: "USDC", version: "2" },
      ...change,
    },
  ],
});

/** The seeded challenges: each path answers the way a resource server would. */
const CHALLENGES: Record<string, { status: number; body: unknown; headers?: Record<string, string> }> = {
  "/real": { status: 402, body: v1() },
  "/impostor": { status: 402, body: v1({ asset: IMPOSTOR }) },
  "/v2-real": {
    status: 402,
    body: {},
    headers: {
      "PAYMENT-REQUIRED": encodeBase64Json({
        x402Version: 2,
        resource: { url: "https://shop.example/data" },
        accepts: [{ scheme: "exact", network: "eip155:5042002", amount: "10000", asset: USDC, payTo: PAY_TO }],
      }),
    },
  },
  "/mismatch": { status: 402, body: v1({}, { chainId: 5042 }) },
  "/pricey": { status: 402, body: v1({ maxAmountRequired: "5000000" }) },
  "/mainnet": { status: 402, body: v1({ network: "eip155:5042" }) },
  "/free": { status: 200, body: { data: 1 } },
};

const scores: RiskCheckScores = {
  scoreAny: () =>
    TE.right({
      score: 85,
      tier: "HIGH",
      confidence: 80,
      flags: [],
      subjectType: "wallet",
      officialIssuer: false,
      snapshotId: "snap-1",
      scoringVersion: "test",
      limitations: [],
    }),
};

describe("payee check before the first payment (issue 33 item 2): real 402 challenges over HTTP", () => {
  let server: Server;
  let port: number;
  const signer = new JoseRiskCheckSigner(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
  const settings = {
    chainId: 5042002,
    priceCeiling: 1_000_000n,
    manyDomains: 3,
    explorerUrl: "https://testnet.arcscan.app",
  };
  // Any *.example / *.test host is this machine (the allowlist lets loopback through, as OUTBOUND_ALLOWLIST would).
  const fetcher = new SafeHttpPaymentChallengeFetcher({
    allowlist: parseAllowlist(["127.0.0.0/8"]),
    resolve: async () => ["127.0.0.1"],
  });
  const clock = { nowMs: () => Date.now() };
  const checkPayee = (sightings = new InMemoryPayeeSightings()) =>
    new CheckPayee(fetcher, sightings, scores, signer, clock, settings);
  const at = (path: string, host = "shop.example") => `http://${host}:${port}${path}`;

  before(async () => {
    server = createServer((req, res) => {
      const found = CHALLENGES[req.url ?? ""];
      if (found === undefined) return res.writeHead(404).end();
      res
        .writeHead(found.status, { "content-type": "application/json", ...found.headers })
        .end(JSON.stringify(found.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("the real USDC passes: official asset, network and chain agree, price within the ceiling, payee scored", async () => {
    const result = await checkPayee().execute(at("/real"), BASE)();
    if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
    const body = result.right as Body;
    expect(body).to.include({ checked: true, passed: true, score: 85, tier: "low" });
    expect(body.flags).to.deep.equal([]);
    expect(body.options[0]).to.include({
      isOfficialUsdc: true,
      officialUsdc: USDC,
      payTo: PAY_TO,
      chainId: 5042002,
      withinCeiling: true,
      amount: "10000",
      explorer: `https://testnet.arcscan.app/address/${PAY_TO}`,
    });
    expect(body.options[0].payee).to.include({ score: 85, credenceTier: "HIGH" });
    const { payload } = await jwtVerify(body.jws, createLocalJWKSet(signer.jwks() as never), {
      issuer: "did:web:credence.example",
      audience: at("/real"),
      subject: PAY_TO,
    });
    expect(payload).to.include({ score: 85, tier: "low" });
    expect(payload.flags).to.deep.equal([]);
  });

  it("a challenge naming an impostor USDC is flagged critical, in the result and in the signed claims", async () => {
    const result = await checkPayee().execute(at("/impostor"), BASE)();
    if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
    const body = result.right as Body;
    expect(body).to.include({ passed: false, score: 0, tier: "critical" });
    expect(body.flags).to.deep.equal(["IMPOSTOR_USDC"]);
    expect(body.options[0]).to.include({ isOfficialUsdc: false, asset: IMPOSTOR });
    const { payload } = await jwtVerify(body.jws, createLocalJWKSet(signer.jwks() as never));
    expect(payload).to.include({ score: 0, tier: "critical" });
    expect(payload.flags).to.deep.equal(["IMPOSTOR_USDC"]);
  });

  it("reads x402 v2's PAYMENT-REQUIRED header; a network/chain id disagreement, a price over the ceiling, another chain", async () => {
    const v2 = (await checkPayee().execute(at("/v2-real"), BASE)()) as E.Right<Body>;
    expect(v2.right).to.include({ passed: true });
    expect(v2.right.options[0]).to.include({ network: "eip155:5042002", isOfficialUsdc: true });
    const mismatch = (await checkPayee().execute(at("/mismatch"), BASE)()) as E.Right<Body>;
    expect(mismatch.right.flags).to.deep.equal(["NETWORK_CHAIN_MISMATCH"]);
    expect(mismatch.right.tier).to.equal("critical");
    const pricey = (await checkPayee().execute(at("/pricey"), BASE)()) as E.Right<Body>;
    expect(pricey.right.flags).to.deep.equal(["PRICE_ABOVE_CEILING"]);
    expect(pricey.right).to.include({ passed: false, score: 59 });
    const mainnet = (await checkPayee().execute(at("/mainnet"), BASE)()) as E.Right<Body>;
    expect(mainnet.right.flags).to.deep.equal(["PAYEE_NOT_SCORED"]);
    expect(mainnet.right.options[0]).to.include({ chainId: 5042, isOfficialUsdc: true, payee: null });
  });

  it("the same payTo asking payment for many unrelated sites is flagged (sightings remembered, bounded)", async () => {
    const sightings = new InMemoryPayeeSightings(100, 8);
    const check = checkPayee(sightings);
    // Two hosts of one site count once.
    for (const host of ["api.shop-a.example", "www.shop-a.example", "shop-b.test"]) {
      const result = (await check.execute(at("/real", host), BASE)()) as E.Right<Body>;
      expect(result.right.flags).to.deep.equal([]);
    }
    const third = (await check.execute(at("/real", "shop-c.test"), BASE)()) as E.Right<Body>;
    expect(third.right.flags).to.deep.equal(["PAYEE_MANY_DOMAINS"]);
    expect(third.right.options[0].domainsSeen).to.equal(3);
  });

  it("not a 402, a loopback destination without the allowlist, a dead host: named failures", async () => {
    expect(await checkPayee().execute(at("/free"), BASE)()).to.deep.equal(E.left({ _tag: "NotAPaymentChallenge" }));
    const guarded = new CheckPayee(
      new SafeHttpPaymentChallengeFetcher({ allowlist: parseAllowlist([]) }),
      new InMemoryPayeeSightings(),
      scores,
      signer,
      clock,
      settings,
    );
    expect(await guarded.execute(`http://127.0.0.1:${port}/real`, BASE)()).to.deep.equal(
      E.left({ _tag: "ResourceRefused", reason: "destination address is not public" }),
    );
    const dead = await checkPayee().execute("http://shop.example:1/real", BASE)();
    expect(E.isLeft(dead) && dead.left._tag).to.equal("ChallengeUnavailable");
  });
});
