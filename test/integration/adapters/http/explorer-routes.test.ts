import { expect } from "chai";
import * as TE from "fp-ts/TaskEither";
import { buildHttpApp } from "../../../../src/adapters/http/app";
import { chainLinks } from "../../../../src/adapters/http/explorer/links";
import { explorerRoutes, type ExplorerRouteDeps } from "../../../../src/adapters/http/routes/explorer.routes";
import { InMemoryRateLimiter } from "../../../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import { scoringFailed, type ScoredAddress } from "../../../../src/application/use-cases/scoring/scored-address";
import type { Address } from "../../../../src/domain/chain/address";
import type { TxHash } from "../../../../src/domain/chain/chain-types";
import type { Flag } from "../../../../src/domain/scoring";
import { startHttpServer, type RunningServer } from "../../../../src/infrastructure/http-server";
import { scored } from "../../../support/fakes/guard-fakes";
import { silentLogger } from "../../../support/http-harness";

const NFT = "0x00000000000000000000000000000000000000a1" as Address;
const WALLET = "0x00000000000000000000000000000000000000a2" as Address;
const FAILING = "0x00000000000000000000000000000000000000a3" as Address;
const TX = `0x${"ab".repeat(32)}`;
/** What a hostile contract controls: its name and symbol end up in evidence text. */
const HOSTILE = `<img src=x onerror=alert(1)>"'<script>alert(2)</script>`;

const flag = (code: Flag["code"], severity: Flag["severity"]): Flag => ({
  code,
  severity,
  points: -20,
  evidence: { detail: `token ${HOSTILE} says`, txHashes: [TX as TxHash], counterparties: [WALLET] },
});

/** An NFT collection (its evidence is free) and a wallet (its evidence is sold), with hostile evidence text. */
function answer(address: Address): ScoredAddress {
  const base = scored(address, { score: 35, tier: "LOW" });
  if (address === NFT)
    return {
      ...base,
      kind: "erc721",
      subjectType: "nft",
      flags: [flag("NFT_WASH_TRANSFERS", "high")],
    };
  return { ...base, flags: [flag("WASH_TRADING", "high"), flag("SELF_INTERACTION", "low")] };
}

async function serve(explorerWebUrl?: string, limit = 10): Promise<RunningServer & { computed: Address[] }> {
  const computed: Address[] = [];
  const deps: ExplorerRouteDeps = {
    scoreAddress: {
      cached: () => null,
      execute: (address) => {
        computed.push(address);
        return address === FAILING
          ? TE.left(scoringFailed("scoring")(upstreamFailure("rpc", "node down")))
          : TE.right(answer(address));
      },
    },
    listSnapshots: { execute: () => TE.right([]) },
    links: chainLinks(explorerWebUrl),
    assets: { css: "body{}", js: "void 0;" },
    rateLimit: {
      name: "explorer",
      limiter: new InMemoryRateLimiter(),
      trustedProxies: new Set(),
      policy: { limit, windowMs: 60_000 },
    },
  };
  const server = await startHttpServer(
    buildHttpApp({ logger: silentLogger, routers: [explorerRoutes(deps)] }),
    "127.0.0.1",
    0,
  );
  return Object.assign(server, { computed });
}

describe("explorer routes (server-rendered pages)", () => {
  it("escapes attacker-controlled evidence, shows free evidence for an NFT and sells a wallet's, under a strict CSP", async () => {
    const server = await serve();
    try {
      const nft = await fetch(`${server.url}/address/${NFT}`);
      expect(nft.status).to.equal(200);
      expect(nft.headers.get("content-security-policy")).to.equal(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
      const page = await nft.text();
      expect(page).to.not.contain("<img src=x");
      expect(page).to.not.contain("<script>alert");
      expect(page).to.contain("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&lt;script&gt;alert(2)&lt;/script&gt;");
      expect(page).to.contain('data-evidence="shown_free"');
      // No EXPLORER_WEB_URL: hashes are plain text, addresses link only to their own page here.
      expect(page).to.contain(`<code class="hash">${TX}</code>`);
      expect(page).to.contain(`<a class="hash" href="/address/${WALLET}">`);
      const wallet = await (await fetch(`${server.url}/address/${WALLET}`)).text();
      expect(wallet).to.contain('data-evidence="wallet_oracle"');
      expect(wallet).to.contain(`href="/api/oracle/${WALLET}"`);
      expect(wallet).to.not.contain("onerror");
      expect(wallet).to.contain('data-flag="WASH_TRADING"');
    } finally {
      await server.close();
    }
  });

  it("links transactions and addresses to EXPLORER_WEB_URL when it is set", async () => {
    const server = await serve("https://testnet.arcscan.app/");
    try {
      const page = await (await fetch(`${server.url}/address/${NFT}`)).text();
      expect(page).to.contain(`href="https://testnet.arcscan.app/tx/${TX}"`);
      expect(page).to.contain(`href="https://testnet.arcscan.app/address/${WALLET}"`);
    } finally {
      await server.close();
    }
  });

  it("answers designed pages: invalid address 400, unavailable 503, rate limited 429 with Retry-After; the search redirects", async () => {
    const server = await serve(undefined, 1);
    try {
      const invalid = await fetch(`${server.url}/address/0x12`);
      expect([invalid.status, (await invalid.text()).includes('data-state="invalid_address"')]).to.deep.equal([
        400,
        true,
      ]);
      const down = await fetch(`${server.url}/address/${FAILING}`);
      expect([down.status, (await down.text()).includes('data-state="unavailable"')]).to.deep.equal([503, true]);
      const limited = await fetch(`${server.url}/address/${WALLET}`);
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get("retry-after"))).to.be.above(0);
      expect(await limited.text()).to.contain('data-state="rate_limited"');
      expect(server.computed).to.deep.equal([FAILING]);
      const search = await fetch(`${server.url}/address?q=%20${WALLET.toUpperCase().replace("0X", "0x")}%20`, {
        redirect: "manual",
      });
      expect([search.status, search.headers.get("location")]).to.deep.equal([303, `/address/${WALLET}`]);
      const bad = await fetch(`${server.url}/address?q=${encodeURIComponent(HOSTILE)}`);
      expect(bad.status).to.equal(400);
      expect(await bad.text()).to.not.contain("<script>alert");
    } finally {
      await server.close();
    }
  });
});
