import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { expect } from "chai";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startAttackWorld, type AttackWorld } from "../../../scripts/attack/attack-world";
import { injectTestWallet } from "./support/test-wallet";

// Functions passed to page.evaluate run in the browser; tsconfig has no DOM lib, so its globals are declared here.
/* eslint-disable @typescript-eslint/no-explicit-any -- browser-side values in page functions */
declare const document: any;
declare const window: any;

/** Screenshots land here (gitignored; docs/explorer.md links the copies in docs/screenshots/). */
const OUTPUT_DIR = path.resolve("test-output");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface BatchItem {
  readonly address: string;
  readonly tier: string;
  readonly score: number;
  readonly flags: readonly string[];
}

/** Debian's chromium, driven headless by playwright-core (no browser download). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
  });
}

/** Serious and critical axe-core violations on the page as it stands (axe runs through DevTools: the CSP allows no injected script). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  })) as { id: string; impact: string; nodes: number }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact})`);
}

/** The verdict and flags a page shows, read from the markup the server wrote. */
async function shown(page: Page) {
  return {
    tier: await page.getAttribute("[data-tier]", "data-tier"),
    tierText: (await page.textContent(".verdict .tier-badge"))?.trim(),
    flags: await page.$$eval("[data-flag]", (items) => items.map((i) => i.getAttribute("data-flag"))),
  };
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, name);
  await page.screenshot({ path: file, fullPage: true });
  expect(statSync(file).size).to.be.above(10_000);
}

describe("address explorer and x402 paywall in headless Chromium", function () {
  this.timeout(240_000);
  let w: AttackWorld;
  let browser: Browser;
  let context: BrowserContext;
  const cspViolations: string[] = [];

  before(async function () {
    this.timeout(300_000);
    w = await startAttackWorld();
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    context.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });
  after(async () => {
    await browser?.close();
    await w?.stop();
  });

  const batch = async (addresses: readonly string[]): Promise<BatchItem[]> => {
    const response = await fetch(`${w.url}/api/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ addresses }),
    });
    expect(response.status).to.equal(200);
    return (await response.json()) as BatchItem[];
  };

  it("shows each seeded role's verdict and flags as the API gives them, and saves the screenshots", async () => {
    const m = w.manifest;
    const roles: Record<string, string> = {
      honeypotToken: m.honeypotToken,
      healthyToken: m.healthyToken,
      taxToken: m.taxToken,
      rugToken: m.rugToken,
      exitSyncToken: m.exitSyncToken,
      coordinatedToken: m.coordinatedToken,
      washToken: m.washToken,
      usdc: m.contracts.usdc,
      longLivedWallet: m.longLivedWallet,
      botWallet: m.botWallet,
      freshWallet: m.freshWallet,
      sybilWallet: m.sybilFarm.members[0]!,
      nftOrganic: m.nftOrganic,
      nftWash: m.nftWash,
      nft1155: m.nft1155,
      nftDump: m.nftDump,
    };
    const api = await batch(Object.values(roles));
    const page = await context.newPage();
    for (const [role, address] of Object.entries(roles)) {
      const expected = api.find((item) => item.address === address.toLowerCase())!;
      const response = await page.goto(`${w.url}/address/${address}`);
      expect(response?.status(), role).to.equal(200);
      const onPage = await shown(page);
      expect({ role, ...onPage }).to.deep.equal({
        role,
        tier: expected.tier,
        tierText: expected.tier,
        flags: [...expected.flags],
      });
    }
    expect((await shown(page)).tier).to.not.equal(null);
    await page.goto(`${w.url}/address/${m.honeypotToken}`);
    expect(await page.textContent(".verdict")).to.contain("do not interact");
    expect(await page.textContent("[data-flag=HONEYPOT_PATTERN]")).to.contain("holders cannot sell");
    await screenshot(page, "explorer-honeypot-token.png");
    await page.goto(`${w.url}/address/${m.healthyToken}`);
    await screenshot(page, "explorer-healthy-token.png");
    await page.goto(`${w.url}/address/${m.nftOrganic}`);
    expect(await page.getAttribute("article.address", "data-evidence")).to.equal("shown_free");
    expect(await page.$$eval(".flag .detail, .clean", (n) => n.length)).to.be.above(0);
    await screenshot(page, "explorer-nft-collection.png");
    expect(cspViolations).to.deep.equal([]);
  });

  it("pays through the paywall with an injected EIP-1193 wallet: one signature, USDC moved once, the paid evidence shown", async () => {
    const payer = w.wallet(11);
    const payee = w.manifest.payee;
    const [payerBefore, payeeBefore] = [await w.usdcBalance(payer.address), await w.usdcBalance(payee)];
    const page = await context.newPage();
    const wallet = await injectTestWallet(page, payer, w.provider);
    await page.goto(`${w.url}/address/${w.manifest.honeypotToken}`);
    await page.click("#buy");
    await page.waitForSelector('[data-state="payment_required"]');
    expect(page.url()).to.equal(`${w.url}/api/oracle/token/${w.manifest.honeypotToken}`);
    await page.waitForFunction(() => document.getElementById("pay")?.disabled === false);
    const amount = BigInt((await page.evaluate(() => window.x402.paymentRequired.accepts[0].amount)) as string);
    await screenshot(page, "explorer-paywall.png");
    await page.click("#pay");
    await page.waitForSelector('[data-paid="true"]', { timeout: 60_000 });
    expect(wallet.methods.filter((m) => m === "eth_signTypedData_v4")).to.have.length(1);
    expect((await shown(page)).tier).to.equal("BLOCKED");
    const details = await page.$$eval(".flag .detail", (n) => n.map((d) => d.textContent));
    expect(details.length).to.be.above(0);
    expect(await page.isVisible("#holders-title")).to.equal(true);
    expect(await w.usdcBalance(payer.address)).to.equal(payerBefore - amount);
    expect(await w.usdcBalance(payee)).to.equal(payeeBefore + amount);
    // The page is the answer: nothing on it can pay again, and the money stays where it went.
    expect(await page.$("#pay")).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await w.usdcBalance(payer.address)).to.equal(payerBefore - amount);
    expect(cspViolations).to.deep.equal([]);
  });

  it("a sybil wallet's bought answer draws its cluster", async () => {
    const page = await context.newPage();
    await injectTestWallet(page, w.wallet(12), w.provider);
    const member = w.manifest.sybilFarm.members[0]!;
    await page.goto(`${w.url}/address/${member}`);
    expect((await shown(page)).flags).to.include("SYBIL_CLUSTER");
    await page.click("#buy");
    await page.waitForFunction(() => document.getElementById("pay")?.disabled === false);
    await page.click("#pay");
    await page.waitForSelector('[data-paid="true"]', { timeout: 60_000 });
    expect(await page.isVisible("svg.cluster")).to.equal(true);
    expect(await page.getAttribute("svg.cluster", "aria-label")).to.contain(member);
    expect(await page.getAttribute("svg.funding", "aria-label")).to.contain(w.manifest.sybilFarm.funder);
    await screenshot(page, "explorer-sybil-wallet.png");
  });

  it("API clients keep the JSON 402", async () => {
    const response = await fetch(`${w.url}/api/oracle/token/${w.manifest.honeypotToken}`);
    expect(response.status).to.equal(402);
    expect(response.headers.get("content-type")).to.contain("application/json");
    expect(((await response.json()) as { error: string }).error).to.equal("payment_required");
    expect(response.headers.get("payment-required")).to.be.a("string");
  });

  it("is usable from the keyboard: skip link, search, buy link, pay button", async () => {
    const page = await context.newPage();
    await page.goto(`${w.url}/`);
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || "");
    await page.keyboard.press("Tab");
    expect(await focused()).to.equal("skip");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused()).to.equal("q");
    await page.keyboard.type(w.manifest.honeypotToken);
    await Promise.all([page.waitForURL(`**/address/${w.manifest.honeypotToken}`), page.keyboard.press("Enter")]);
    expect((await shown(page)).tier).to.equal("BLOCKED");
    for (let i = 0; i < 30 && (await focused()) !== "buy"; i++) await page.keyboard.press("Tab");
    expect(await focused()).to.equal("buy");
    await Promise.all([page.waitForURL("**/api/oracle/token/**"), page.keyboard.press("Enter")]);
    await page.waitForFunction(() => document.getElementById("pay")?.disabled === false);
    for (let i = 0; i < 30 && (await focused()) !== "pay"; i++) await page.keyboard.press("Tab");
    expect(await focused()).to.equal("pay");
  });

  it("has no serious or critical axe-core violation on any page", async () => {
    const page = await context.newPage();
    const m = w.manifest;
    const found: Record<string, string[]> = {};
    for (const target of [
      "/",
      `/address/${m.honeypotToken}`,
      `/address/${m.healthyToken}`,
      `/address/${m.nftOrganic}`,
      `/address/${m.sybilFarm.members[0]}`,
      `/api/oracle/token/${m.honeypotToken}`,
      "/address/0x1234",
    ]) {
      await page.goto(`${w.url}${target}`);
      found[target] = await axeViolations(page);
    }
    expect(found).to.deep.equal(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });

  it("works without JavaScript for the verdict, escapes what it echoes, and keeps its script small", async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await noJs.newPage();
      await page.goto(`${w.url}/address/${w.manifest.honeypotToken}`);
      expect((await shown(page)).tier).to.equal("BLOCKED");
      expect(await page.textContent("[data-flag=HONEYPOT_PATTERN]")).to.contain("HONEYPOT_PATTERN");
      await page.goto(`${w.url}/api/oracle/token/${w.manifest.honeypotToken}`);
      expect(await page.textContent("#pay-status")).to.contain("needs JavaScript");
    } finally {
      await noJs.close();
    }
    const page = await context.newPage();
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>";
    const response = await page.goto(`${w.url}/address/${encodeURIComponent(hostile)}`);
    expect(response?.status()).to.equal(400);
    expect(await page.getAttribute("[data-state]", "data-state")).to.equal("invalid_address");
    expect(await page.$$("img")).to.have.length(0);
    expect(dialogs).to.equal(0);
    const script = await (await fetch(`${w.url}/explorer/explorer.js`)).arrayBuffer();
    expect(gzipSync(Buffer.from(script)).length).to.be.below(100 * 1024);
  });
});
