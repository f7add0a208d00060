import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { importRequest } from "../../../scripts/guard/import-oz-monitor";

const FIXTURES = join(__dirname, "../../fixtures/oz-monitor");

describe("npm run guard:import: reading an OpenZeppelin Monitor config directory", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "oz-import-"));
    cpSync(FIXTURES, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("sends the monitors, only the networks and triggers they name, and labels each with its file", () => {
    writeFileSync(
      join(dir, "networks/other.json"),
      JSON.stringify({ network_type: "EVM", slug: "other", chain_id: 5 }),
    );
    const { body, files } = importRequest(dir, {});
    const sent = body as { monitors: unknown[]; networks: { slug: string }[]; triggers: Record<string, unknown>[] };
    expect(sent.monitors).to.have.length(1);
    expect(sent.networks.map((n) => n.slug)).to.deep.equal(["ethereum_mainnet"]);
    // The example monitor names slack and email triggers; the webhook file holds neither.
    expect(sent.triggers).to.deep.equal([]);
    expect(files["monitors[0]"]).to.equal(join(dir, "monitors/evm_transfer_usdc.json"));
    expect(files["networks[0]"]).to.equal(join(dir, "networks/ethereum_mainnet.json"));
  });

  it("resolves environment values from the operator's environment and lists the unset ones", () => {
    const monitor = { name: "m", networks: [], triggers: ["a", "b"] };
    const triggers = {
      a: { trigger_type: "webhook", config: { url: { type: "environment", value: "HOOK_A" } } },
      b: { trigger_type: "webhook", config: { url: { type: "environment", value: "HOOK_B" } } },
    };
    writeFileSync(join(dir, "monitors/evm_transfer_usdc.json"), JSON.stringify(monitor));
    writeFileSync(join(dir, "triggers/webhook_notifications.json"), JSON.stringify(triggers));
    const { body, missing } = importRequest(dir, { HOOK_A: "https://a.example.org/x" });
    const sent = body as { triggers: Record<string, { config: { url: unknown } }>[] };
    expect(sent.triggers[0]!.a!.config.url).to.deep.equal({ type: "plain", value: "https://a.example.org/x" });
    expect(sent.triggers[0]!.b!.config.url).to.deep.equal({ type: "environment", value: "HOOK_B" });
    expect(missing).to.deep.equal(["HOOK_B"]);
  });
});
