import { expect } from "chai";
import type { ContractProfile } from "../../../../src/domain/scoring/profiles/contract-profile";
import { scoreContract } from "../../../../src/domain/scoring/contract/score-contract";
import { DAY, T0, addr, bytecodeWith, complete, creation, tx } from "./support/builders";
import { codes } from "./support/wallet-fixtures";

const CONTRACT = addr(0xc0c0);
const NOW = T0 + 200 * DAY;

function contract(calls: number, failed: number, overrides: Partial<ContractProfile> = {}): ContractProfile {
  const txs = Array.from({ length: calls }, (_, i) =>
    tx({
      from: addr(0x60000 + (i % 25)),
      to: CONTRACT,
      selector: "0x12345678",
      success: i >= failed,
      timestamp: T0 + i * 3_000,
    }),
  );
  return {
    contract: CONTRACT,
    kind: "contract",
    bytecode: bytecodeWith(["12345678"]),
    creation: creation(CONTRACT, addr(0xdede), T0 - DAY),
    transactions: complete(txs),
    deployerWalletScore: { score: 65, tier: "HIGH" },
    ...overrides,
  };
}

describe("scoreContract", () => {
  it("raises nothing for a used contract, which is graduated", () => {
    const result = scoreContract(contract(60, 2), NOW);
    expect(result.flags).to.deep.equal([]);
    expect(result.state).to.equal("graduated");
    expect(result.subjectType).to.equal("contract");
  });

  it("HIGH_FAILURE_RATE fires when most of 20+ calls reverted, not below half", () => {
    expect(
      scoreContract(contract(20, 12), NOW).flags.find((f) => f.code === "HIGH_FAILURE_RATE")?.evidence.figures,
    ).to.deep.equal({
      transactions: 20,
      failed: 12,
      share: 0.6,
    });
    expect(codes(scoreContract(contract(20, 9), NOW))).not.to.include("HIGH_FAILURE_RATE");
  });

  it("reports upgrade and pause powers but not token-only powers such as mint", () => {
    const result = scoreContract(
      contract(60, 0, { bytecode: bytecodeWith(["3659cfe6", "8456cb59", "40c10f19"]) }),
      NOW,
    );
    expect(codes(result)).to.include.members(["UPGRADEABLE_PROXY", "OWNER_CAN_PAUSE"]);
    expect(codes(result)).not.to.include("OWNER_CAN_MINT");
  });

  it("is mining with fewer than 5 users, with a sparse-data limitation", () => {
    const result = scoreContract(contract(4, 0), NOW);
    expect(result.state).to.equal("mining");
    expect(result.limitations.join(" ")).to.include("Sparse data");
  });
});
