import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "chai";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startSuiTestServer, type SuiTestServer } from "../../support/sui/sui-harness";
import { detachedSuiChain } from "../../support/http-harness";

// Functions passed to page.evaluate run in the browser; tsconfig has no DOM lib, so its globals are declared here.
/* eslint-disable @typescript-eslint/no-explicit-any -- browser-side values in page functions */
declare const document: any;
declare const window: any;

/** Screenshots land here (gitignored). */
const OUTPUT_DIR = path.resolve("test-output");

/** Debian's chromium, driven headless by playwright-core (no browser download), on a fresh profile. */
async function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    viewport: { width: 900, height: 520 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Waits until every badge on the page has left the loading state, then reads them. */
async function badges(page: Page, count: number) {
  await page.waitForFunction(
    (n) => {
      const hosts = document.querySelectorAll("[data-credence-coin]");
      return (
        hosts.length >= n &&
        [...hosts].every((h) => ["scored", "not-found", "error"].includes(h.getAttribute("data-credence-state") ?? ""))
      );
    },
    count,
    { timeout: 20_000 },
  );
  return page.$$eval("[data-credence-coin]", (hosts) =>
    hosts.map((h) => ({
      coin: h.getAttribute("data-credence-coin"),
      state: h.getAttribute("data-credence-state"),
      text: h.querySelector(".credence-badge")?.childNodes
        ? [...h.querySelector(".credence-badge")!.children]
            .filter((c) => !c.classList.contains("credence-details"))
            .map((c) => c.textContent)
            .join(" ")
        : "",
    })),
  );
}

describe("widget.js in headless Chromium", function () {
  this.timeout(60_000);
  let browser: BrowserContext;
  let profile: string;
  let suiApp: SuiTestServer;
  before(async () => {
    profile = mkdtempSync(path.join(tmpdir(), "credence-chromium-"));
    browser = await launch(profile);
    suiApp = await startSuiTestServer();
  });
  after(async () => {
    await browser?.close();
    await suiApp?.server.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it("badges the demo page's coins with their score and tier as text, 'not found' for an unknown coin, and saves a screenshot", async () => {
    const page = await browser.newPage();
    await page.goto(`${suiApp.server.url}/widget-demo.html`);
    const shown = await badges(page, 6);
    const s = suiApp.scenario!;
    for (const coin of [s.suiCoin, s.fixedSupplyCoin, s.mintableCoin, s.regulatedCoin, s.freshCoin]) {
      const api = (await (await fetch(`${suiApp.server.url}/api/coin?type=${encodeURIComponent(coin)}`)).json()) as {
        score: number;
        tier: string;
      };
      const badge = shown.find((b) => b.coin !== null && (b.coin === coin || coin.endsWith(b.coin.slice(2))));
      expect(badge, coin).to.deep.include({ state: "scored", text: `${api.score} ${api.tier}` });
    }
    expect(shown.find((b) => b.coin === "0xdead::nothing::NOTHING")).to.deep.include({
      state: "not-found",
      text: "Credence: not found",
    });
    // Details appear on keyboard focus, not only on hover.
    await page.focus(`[data-role="fixedSupplyCoin"] .credence-badge`);
    expect(await page.isVisible(`[data-role="fixedSupplyCoin"] .credence-details`)).to.equal(true);
    expect(await page.textContent(`[data-role="fixedSupplyCoin"] .credence-details`)).to.contain("Confidence");
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const file = path.join(OUTPUT_DIR, "widget-demo.png");
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size).to.be.above(5_000);
  });

  it("badges content added later with Credence.scan(), and shows 'unavailable' when the service answers 502", async function () {
    // A second Sui app of its own (seeded Sui world, detached chain) and a browser page: a watchdog, not a budget,
    // so that a loaded machine (the e2e lane beside the unit lane) does not fail it.
    this.timeout(180_000);
    const failing = await startSuiTestServer({ suiChain: detachedSuiChain() });
    try {
      const page = await browser.newPage();
      await page.goto(`${failing.server.url}/widget-demo.html`);
      await page.evaluate(async () => {
        const span = document.createElement("span");
        span.setAttribute("data-credence-coin", "0x2::sui::SUI");
        span.id = "late";
        document.body.appendChild(span);
        await (window as unknown as { Credence: { scan(): Promise<unknown> } }).Credence.scan();
      });
      expect(await page.getAttribute("#late", "data-credence-state")).to.equal("error");
      expect(await page.textContent("#late .credence-text")).to.equal("Credence: unavailable");
      expect(await page.textContent("#late .credence-details")).to.contain("sui_unavailable");
    } finally {
      await failing.server.close();
    }
  });
});
