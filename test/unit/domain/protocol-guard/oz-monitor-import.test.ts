import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import * as E from "fp-ts/Either";
import { ethersSignatureParser as parse } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import {
  MAX_IMPORT_MONITORS,
  planOzImport,
  type ImportPlan,
} from "../../../../src/domain/protocol-guard/oz-monitor-import";
import { ruleView } from "../../../../src/domain/protocol-guard/guard-rules";
import { viewContracts } from "../../../../src/domain/protocol-guard/watched-contracts";

const FIXTURES = join(__dirname, "../../../fixtures/oz-monitor");
const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, path), "utf8")) as Record<string, unknown>;
/** The copied OpenZeppelin Monitor example, unchanged (see test/fixtures/oz-monitor/README.md). */
const example = () => ({
  monitor: read("monitors/evm_transfer_usdc.json"),
  network: read("networks/ethereum_mainnet.json"),
  triggers: read("triggers/webhook_notifications.json"),
});
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";

const planOf = (body: unknown, chainId = 1): ImportPlan => {
  const plan = planOzImport(body, chainId, parse);
  if (E.isLeft(plan)) throw new Error(`refused: ${JSON.stringify(plan.left)}`);
  return plan.right;
};
const reasonsOf = (plan: ImportPlan) => plan.notMapped.map((n) => `${n.file} ${n.field}`);

describe("OpenZeppelin Monitor import: mapping to Protocol Guard subscriptions", () => {
  it("the copied USDC example maps to one subscription: the token, named signatures, an event_match rule", () => {
    const { monitor, network, triggers } = example();
    const plan = planOf({ monitors: [monitor], networks: [network], triggers: [triggers] });
    expect(plan.subscriptions).to.have.length(1);
    const { command, paused, file } = plan.subscriptions[0]!;
    expect([file, paused, command.protocolName]).to.deep.equal(["monitors[0]", false, "Large Transfer of USDC Token"]);
    expect(viewContracts(command.contracts)).to.deep.equal([
      {
        address: USDC,
        events: ["Transfer(address,address,uint256)"],
        functions: ["transfer(address,uint256)"],
      },
    ]);
    // The ABI in contract_spec names the parameters, so `value` in the expression resolves.
    expect(command.contracts[0]!.events![0]!.inputs.map((i) => i.name)).to.deep.equal(["from", "to", "value"]);
    expect(command.rules.map(ruleView)).to.deep.equal([
      {
        type: "event_match",
        event: "Transfer(address,address,uint256)",
        condition: "value > 10000000000",
        action: "review",
      },
    ]);
    // Its triggers (slack, email) are in example files not given here: no channel, each reported.
    expect(command.channels).to.deep.equal([]);
    expect(reasonsOf(plan)).to.have.members([
      "monitors[0] match_conditions.functions[0].expression",
      "monitors[0] match_conditions.transactions[0].status",
      "monitors[0] trigger_conditions",
      "monitors[0] triggers[0]",
      "monitors[0] triggers[1]",
    ]);
  });

  it("a webhook trigger becomes a webhook channel; its secret, message and headers are reported", () => {
    const { monitor, network, triggers } = example();
    const plan = planOf({
      monitors: [{ ...monitor, triggers: ["evm_large_transfer_usdc_webhook"], trigger_conditions: [] }],
      networks: [network],
      triggers: [triggers],
    });
    expect(plan.subscriptions[0]!.command.channels).to.deep.equal([
      { type: "webhook", url: "https://webhook.site/123-456-789" },
    ]);
    const trigger = plan.notMapped.filter((n) => n.file === "triggers[0]").map((n) => n.field);
    expect(trigger).to.have.members([
      "evm_large_transfer_usdc_webhook.config.secret",
      "evm_large_transfer_usdc_webhook.config.message",
    ]);
  });

  it("a network of another chain, or not EVM, is reported and the monitor is not imported", () => {
    const { monitor, network } = example();
    const stellar = { network_type: "Stellar", slug: "stellar_mainnet", name: "Stellar" };
    const plan = planOf(
      {
        monitors: [{ ...monitor, networks: ["ethereum_mainnet", "stellar_mainnet", "nowhere"] }],
        networks: [network, stellar],
      },
      31337,
    );
    expect(plan.subscriptions).to.deep.equal([]);
    const byField = Object.fromEntries(plan.notMapped.map((n) => [n.field, n.reason]));
    expect(byField["networks[0]"]).to.contain("chain_id 1 is not the chain this service follows (31337)");
    expect(byField["networks[1]"]).to.contain("Stellar networks are not watched");
    expect(byField["networks[2]"]).to.contain("not in the network files given");
    expect(byField.networks).to.contain("not imported");
  });

  it("script, environment-valued and invalid triggers are reported; slack, telegram and email map", () => {
    const { monitor, network } = example();
    const triggers = {
      run: { trigger_type: "script", config: { language: "Bash", script_path: "./x.sh" } },
      hook: { trigger_type: "webhook", config: { url: { type: "environment", value: "HOOK_URL" } } },
      bad: { trigger_type: "webhook", config: { url: { type: "plain", value: "ftp://x" } } },
      slack: {
        trigger_type: "slack",
        config: { slack_url: { type: "plain", value: "https://hooks.slack.com/services/A/B/C" } },
      },
      tg: {
        trigger_type: "telegram",
        config: { token: { type: "plain", value: "1234567890:ABCDEFGHIJKLMNOPQRSTUVWXYZ" }, chat_id: "9876543210" },
      },
      mail: { trigger_type: "email", config: { host: "smtp.example.org", recipients: ["ops@example.org"] } },
    };
    const plan = planOf({
      monitors: [{ ...monitor, triggers: Object.keys(triggers), trigger_conditions: [] }],
      networks: [network],
      triggers: [triggers],
    });
    expect(plan.subscriptions[0]!.command.channels.map((c) => c.type)).to.deep.equal(["slack", "telegram", "email"]);
    const fields = plan.notMapped.filter((n) => n.file === "triggers[0]");
    expect(fields.map((n) => n.field)).to.have.members([
      "run.trigger_type",
      "hook.config.url",
      "bad.config",
      "mail.config.host",
    ]);
    expect(fields.find((n) => n.field === "hook.config.url")!.reason).to.contain("only by `npm run guard:import`");
  });

  it("expressions: unknown syntax, unknown arguments and function or transaction expressions are reported", () => {
    const { monitor, network } = example();
    const match_conditions = {
      events: [
        { signature: "Transfer(address,address,uint256)", expression: "value > 5 && to == 0x" + "11".repeat(20) },
        { signature: "Transfer(address,address,uint256)", expression: "amount > 5" },
        { signature: "Approval(address,address,uint256)", expression: "$2 >= 1" },
        { signature: "Approval(address,address,uint256)", expression: "$3 >= 1" },
        { signature: "Transfer(address,address,uint256)", expression: "from contains 'ab'" },
        { signature: "not a signature", expression: null },
      ],
      functions: [{ signature: "transfer(address,uint256)", expression: "value > 1" }],
      transactions: [{ status: "Failure", expression: "gas_price > 1" }],
    };
    const plan = planOf({
      monitors: [{ ...monitor, match_conditions, triggers: [], trigger_conditions: [] }],
      networks: [network],
    });
    const rules = plan.subscriptions[0]!.command.rules.map(ruleView);
    expect(rules.map((r) => [r.event, r.condition])).to.deep.equal([
      ["Transfer(address,address,uint256)", "value > 5 && to == 0x" + "11".repeat(20)],
      ["Approval(address,address,uint256)", "$2 >= 1"],
    ]);
    const byField = Object.fromEntries(plan.notMapped.map((n) => [n.field, n.reason]));
    expect(byField["match_conditions.events[1].expression"]).to.contain("arguments not in the signature: amount");
    expect(byField["match_conditions.events[3].expression"]).to.contain("arguments not in the signature: $3");
    expect(byField["match_conditions.events[4].expression"]).to.contain("== != > >= < <=");
    expect(byField["match_conditions.events[5].signature"]).to.equal("does not parse");
    expect(byField["match_conditions.functions[0].expression"]).to.contain("call arguments");
    expect(byField["match_conditions.transactions[0].status"]).to.contain("failed transactions");
    expect(byField["match_conditions.transactions[0].expression"]).to.contain("transaction expressions");
  });

  it("a paused monitor is planned paused; a monitor without a valid address is not imported", () => {
    const { monitor, network } = example();
    const plan = planOf({
      monitors: [
        { ...monitor, paused: true, triggers: [] },
        { ...monitor, addresses: [{ address: "0x123" }], triggers: [] },
      ],
      networks: [network],
    });
    expect(plan.subscriptions.map((s) => [s.file, s.paused])).to.deep.equal([["monitors[0]", true]]);
    expect(reasonsOf(plan)).to.include.members(["monitors[1] addresses[0].address", "monitors[1] addresses"]);
  });

  it("bad input is refused with the field, before anything is mapped", () => {
    const { monitor, network } = example();
    const refused = (body: unknown) => {
      const plan = planOzImport(body, 1, parse);
      return E.isLeft(plan) ? plan.left.field : "accepted";
    };
    expect(refused([])).to.equal("body");
    expect(refused({ monitors: [] })).to.equal("monitors");
    expect(refused({ monitors: Array(21).fill(monitor) })).to.equal("monitors");
    expect(refused({ monitors: [monitor], networks: "x" })).to.equal("networks");
    expect(refused({ monitors: [monitor], triggers: [[]] })).to.equal("triggers");
    expect(refused({ monitors: [monitor], extra: 1 })).to.equal("extra");
    const many = Array.from({ length: 51 }, (_, i) => ({ address: "0x" + i.toString(16).padStart(40, "0") }));
    expect(refused({ monitors: [{ ...monitor, addresses: many }], networks: [network] })).to.equal(
      "monitors[0].contracts",
    );
  });

  it("refuses an import of more monitors than one subscribe request's worth of budget allows", () => {
    const { monitor, network, triggers } = example();
    const most = Array.from({ length: MAX_IMPORT_MONITORS }, () => monitor);
    expect(E.isRight(planOzImport({ monitors: most, networks: [network], triggers: [triggers] }, 1, parse))).to.equal(
      true,
    );
    const over = planOzImport({ monitors: [...most, monitor], networks: [network], triggers: [triggers] }, 1, parse);
    expect(E.isLeft(over) && JSON.stringify(over.left)).to.include("monitors");
  });
});
