import { expect } from "chai";
import path from "node:path";
import { compilerPackage, contractAbis, evmVersionFor } from "../../../scripts/eval/real/compilers";
import { sourcesFromConcatenation } from "../../../scripts/eval/real/concatenation";
import { splitAtSpdx } from "../../../scripts/eval/real/corpus";
import { categoriesOf, type ReturnedFlag } from "../../../scripts/eval/real/flag-categories";
import { isSwitchName } from "../../../scripts/eval/real/launch-switches";
import { dispatchedSelectors, readMainContract } from "../../../scripts/eval/real/main-contract";
import { figures, wilson } from "../../../scripts/eval/real/metrics";

describe("eval:real building blocks", () => {
  describe("launch switch names", () => {
    it("recognises opening verbs and trade/swap/transfer in either order, never a closing or fee setter", () => {
      const open = ["openTrading", "enableOrdinalTrade", "createStrongTrade", "enableTransfer", "startTrade"];
      const more = ["setTradingEnabled", "setTrading", "tradingOpen", "launch", "activateTrading"];
      for (const name of [...open, ...more]) expect(isSwitchName(name), name).to.equal(true);
      const not = ["transfer", "disableTrading", "stopTrading", "createSwap", "swapBack", "setMaxTxEnabled"];
      for (const name of [...not, "enableTransferFee", "transferOwnership"])
        expect(isSwitchName(name), name).to.equal(false);
    });
  });

  describe("Wilson 95% interval", () => {
    it("matches the closed form for 5 of 10 and 0 of 10, and is empty for n = 0", () => {
      const half = wilson(5, 10);
      expect(half.value).to.equal(0.5);
      expect(half.low).to.be.closeTo(0.2366, 1e-4);
      expect(half.high).to.be.closeTo(0.7634, 1e-4);
      const none = wilson(0, 10);
      expect(none.low).to.equal(0);
      expect(none.high).to.be.closeTo(0.2775, 1e-4);
      expect(wilson(0, 0)).to.deep.equal({ value: null, low: null, high: null });
    });

    it("derives precision, recall, F1 and false-positive rate from TP/FP/FN/TN", () => {
      const f = figures({ tp: 18, fp: 1, fn: 2, tn: 48 });
      expect(f.precision.value).to.be.closeTo(0.947, 1e-3);
      expect(f.recall.value).to.equal(0.9);
      expect(f.f1).to.be.closeTo(0.923, 1e-3);
      expect(f.falsePositiveRate.value).to.be.closeTo(1 / 49, 1e-9);
    });
  });

  describe("flag -> CRPWarner category table", () => {
    it("counts penalty flags only, and splits a balance change by its direction", () => {
      const a = "0x" + "ab".repeat(20);
      const got = categoriesOf([
        { code: "OWNER_CAN_MINT", severity: "info" },
        { code: "OWNER_CAN_BLACKLIST", severity: "medium" },
        { code: "OWNER_CAN_CHANGE_BALANCE", severity: "high", evidence: { detail: `balance of ${a} 100 -> 0` } },
      ]);
      expect(got).to.deep.equal({
        hiddenMint: [],
        leakingToken: ["OWNER_CAN_CHANGE_BALANCE"],
        limitingSell: ["OWNER_CAN_BLACKLIST"],
      });
      const raised = categoriesOf([
        { code: "OWNER_CAN_CHANGE_BALANCE", severity: "high", evidence: { detail: `balance of ${a} 1 -> 5` } },
      ]);
      expect(raised.hiddenMint).to.deep.equal(["OWNER_CAN_CHANGE_BALANCE"]);
      expect(raised.leakingToken).to.deep.equal([]);
      // The prober's wording for a privileged credit to the caller itself (an owner-only "reflection" or a
      // balance set by assembly): a raised balance like any other.
      const own = categoriesOf([
        {
          code: "OWNER_CAN_CHANGE_BALANCE",
          severity: "high",
          evidence: {
            detail: "simulated call to 0x499a2818 as owner 0x1: the caller's own balance 19 -> 7788; sell tax -> 100%.",
          },
        },
      ]);
      expect(own.hiddenMint).to.deep.equal(["OWNER_CAN_CHANGE_BALANCE"]);
      expect(own.leakingToken).to.deep.equal([]);
    });

    it("counts a fee setter as leaking token and a payout of the contract's own holdings in no category", () => {
      // CRPWarner's LeakingToken_Fee: an owner-set rate that moves a part of every transfer to the fee wallet.
      const fees = categoriesOf([
        { code: "OWNER_CAN_SET_FEES", severity: "medium", evidence: { detail: "simulated call: sell tax -> 18.98%." } },
        { code: "OWNER_CAN_TAKE_HELD_TOKENS", severity: "medium" },
      ]);
      expect(fees).to.deep.equal({
        hiddenMint: [],
        leakingToken: ["OWNER_CAN_SET_FEES"],
        limitingSell: ["OWNER_CAN_SET_FEES"],
      });
      const hiddenFee = categoriesOf([
        {
          code: "HIDDEN_OWNER",
          severity: "high",
          evidence: { detail: "owner() is 0x0, yet simulated call: sell tax -> 40%." },
        },
      ]);
      expect(hiddenFee.leakingToken).to.deep.equal(["HIDDEN_OWNER"]);
      expect(categoriesOf([{ code: "OWNER_CAN_TAKE_HELD_TOKENS", severity: "medium" }]).leakingToken).to.deep.equal([]);
    });

    it("counts a fee setter as leaking token only where a sell paid the fee it set, and nothing else moved", () => {
      // LeakingToken_Fee excludes a function that is a hidden mint or limits sells: a call that also credited its
      // caller is the mint, one after which sells revert stops them, and a dispatched setter proves no fee.
      const fee = (detail?: string): ReturnedFlag => ({
        code: "OWNER_CAN_SET_FEES",
        severity: "medium",
        ...(detail === undefined ? {} : { evidence: { detail } }),
      });
      const withCredit = fee("simulated call: the caller's own balance 19 -> 941; sell tax -> 100%.");
      const stopped = fee("simulated call: sells reverted while transfers worked.");
      const dispatched = fee("Bytecode dispatches 0xc4081a4c setTaxFee(uint256).");
      for (const flag of [withCredit, stopped, dispatched]) {
        expect(categoriesOf([flag]).leakingToken, flag.evidence?.detail).to.deep.equal([]);
        expect(categoriesOf([flag]).limitingSell).to.deep.equal(["OWNER_CAN_SET_FEES"]);
      }
      expect(categoriesOf([fee("simulated call: sell tax -> 12%.")]).leakingToken).to.deep.equal([
        "OWNER_CAN_SET_FEES",
      ]);
    });

    it("counts a mint as hidden mint unless it was measured bounded (one-time or capped)", () => {
      const proven = "Proven by behaviour: simulated call to 0x1 as owner 0x2: totalSupply +5";
      const bounded = categoriesOf([
        {
          code: "OWNER_CAN_MINT",
          severity: "low",
          evidence: { detail: `${proven}; bounded: the same call made again right after minted nothing.` },
        },
      ]);
      const any = categoriesOf([
        { code: "OWNER_CAN_MINT", severity: "medium", evidence: { detail: `${proven}; any amount: repeatable.` } },
      ]);
      expect(bounded.hiddenMint).to.deep.equal([]);
      expect(any.hiddenMint).to.deep.equal(["OWNER_CAN_MINT"]);
    });

    it("counts an outside call in a transfer as limiting sell only when the traced transfer reverted", () => {
      const detail = "A traced transfer of 1 by 0x1 at block 9 executed CALL to 0x2 at pc 7 (depth 1)";
      const ran = categoriesOf([
        { code: "EXTERNAL_CALL_IN_TRANSFER", severity: "medium", evidence: { detail: `${detail}.` } },
      ]);
      const refused = categoriesOf([
        {
          code: "EXTERNAL_CALL_IN_TRANSFER",
          severity: "high",
          evidence: { detail: `${detail}, and the transfer reverted.` },
        },
      ]);
      expect(ran).to.deep.equal({ hiddenMint: [], leakingToken: [], limitingSell: [] });
      expect(refused).to.deep.equal({ hiddenMint: [], leakingToken: [], limitingSell: ["EXTERNAL_CALL_IN_TRANSFER"] });
    });

    it("counts a measured sell tax as limiting sell only at the service's high line", () => {
      const tax = (severity: string, percent: number): ReturnedFlag => ({
        code: "HIGH_SELL_TAX",
        severity,
        evidence: { detail: `Simulation measured a ${percent}% sell tax.` },
      });
      expect(categoriesOf([tax("medium", 10.07)]).limitingSell).to.deep.equal([]);
      expect(categoriesOf([tax("high", 45)]).limitingSell).to.deep.equal(["HIGH_SELL_TAX"]);
    });

    it("counts a fee wallet as limiting sell too where naming one that refuses its payment reverted every sell", () => {
      const wallet = (detail: string): ReturnedFlag => ({
        code: "OWNER_CAN_REDIRECT_FEES",
        severity: "low",
        evidence: { detail },
      });
      const paid = "0xabc (named by the call, by nothing else) received 5 wei while holders transferred and sold";
      expect(categoriesOf([wallet(`${paid}.`)])).to.deep.equal({
        hiddenMint: [],
        leakingToken: ["OWNER_CAN_REDIRECT_FEES"],
        limitingSell: [],
      });
      const refused = `${paid}; named instead, an address that refuses the native coin made every holder's sell revert (transfers went through).`;
      expect(categoriesOf([wallet(refused)]).limitingSell).to.deep.equal(["OWNER_CAN_REDIRECT_FEES"]);
    });

    it("reads a hidden owner's proven effect", () => {
      const mint = categoriesOf([
        {
          code: "HIDDEN_OWNER",
          severity: "high",
          evidence: {
            detail: "owner() is 0x0, yet simulated call: totalSupply +5; balance of 0x" + "11".repeat(20) + " 0 -> 5.",
          },
        },
      ]);
      expect(mint).to.deep.equal({ hiddenMint: ["HIDDEN_OWNER"], leakingToken: [], limitingSell: [] });
      const once = categoriesOf([
        {
          code: "HIDDEN_OWNER",
          severity: "high",
          evidence: {
            detail:
              "owner() is absent, yet simulated call: totalSupply +5; the caller's own balance 0 -> 5; bounded: the " +
              "same call made again right after minted nothing, and a larger amount did not mint more.",
          },
        },
      ]);
      expect(once.hiddenMint).to.deep.equal([]);
      const blacklist = categoriesOf([
        {
          code: "HIDDEN_OWNER",
          severity: "high",
          evidence: { detail: "…: 0x1 could no longer transfer (others could)." },
        },
      ]);
      expect(blacklist.limitingSell).to.deep.equal(["HIDDEN_OWNER"]);
    });
  });

  describe("compiler resolution", () => {
    it("prefers the -fixed package, names the missing dependency, and picks paris only where solc defaults to shanghai", () => {
      const installed = ["solc-0.8.7-fixed", "solc-0.8.19", "solc-0.4.24"];
      expect(compilerPackage("0.8.7", installed)).to.equal("solc-0.8.7-fixed");
      expect(compilerPackage("0.4.24", installed)).to.equal("solc-0.4.24");
      expect(() => compilerPackage("0.6.1", installed)).to.throw('"solc-0.6.1": "npm:solc@0.6.1"');
      expect(evmVersionFor("0.8.20")).to.equal("paris");
      expect(evmVersionFor("0.8.19")).to.equal(undefined);
      expect(evmVersionFor("0.4.24")).to.equal(undefined);
    });

    it("splits a concatenated source back at its SPDX lines onto the given paths", () => {
      const text = "// SPDX-License-Identifier: MIT\ncontract A {}\n// SPDX-License-Identifier: MIT\ncontract B {}\n";
      expect(splitAtSpdx(text, ["contracts/Main.sol", "contracts/B.sol"])).to.deep.equal({
        "contracts/Main.sol": { content: "// SPDX-License-Identifier: MIT\ncontract A {}\n" },
        "contracts/B.sol": { content: "// SPDX-License-Identifier: MIT\ncontract B {}\n" },
      });
      expect(splitAtSpdx(text, ["only-one.sol"])).to.equal(null);
    });

    it("compiles a paste with no paths: imports by what they name, a repeated file once, a missing OpenZeppelin file from 4.x", () => {
      const main = [
        "// SPDX-License-Identifier: MIT",
        "pragma solidity 0.8.19;",
        'import {Base} from "./lib/Base.sol";',
        'import "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";',
        'import "./Token.sol";',
        "contract Token is Base {",
        "  function check(bytes32[] memory p, bytes32 root, bytes32 leaf) external pure returns (bool) {",
        "    return MerkleProof.verify(p, root, leaf);",
        "  }",
        "}",
        "",
      ].join("\n");
      const base =
        "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nabstract contract Base { uint256 public x; }\n";
      const settings = '{\n  "optimizer": {\n    "enabled": false\n  }\n}\n';
      const openZeppelin = { root: path.join(process.cwd(), "node_modules", "openzeppelin-contracts-4") };
      const pasted = sourcesFromConcatenation(main + base + main + settings, "Token", openZeppelin);
      expect(pasted?.main).to.equal("parts/0-Token.sol");
      expect(Object.keys(pasted?.sources ?? {}).sort()).to.deep.equal([
        "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol",
        "parts/0-Token.sol",
        "parts/1-Base.sol",
      ]);
      const token = pasted?.sources["parts/0-Token.sol"]?.content ?? "";
      expect(token).to.include('import {Base} from "./1-Base.sol";');
      expect(token).to.include('// import "./Token.sol"; (declared in this part)');
      const compiled = contractAbis("0.8.19", pasted?.sources ?? {});
      expect(compiled.ok && [...compiled.abis.keys()].sort()).to.deep.equal(["Base", "MerkleProof", "Token"]);
      expect(sourcesFromConcatenation(base, "Base", openZeppelin)).to.equal(null);
    });

    it("orders a part's contracts bases first, imports a base its stripped header lost, and finds a file of free constants", () => {
      const main = [
        "// SPDX-License-Identifier: MIT",
        "pragma solidity 0.8.19;",
        'import "../libs/constant.sol";',
        "contract Main is Mid { function limit() external pure returns (uint256) { return LIMIT; } }",
        "abstract contract Mid is Base {}",
        "",
      ].join("\n");
      const base = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nabstract contract Base {}\n";
      const constants = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nuint256 constant LIMIT = 5;\n";
      const pasted = sourcesFromConcatenation(main + base + constants, "Main", null);
      const first = pasted?.sources["parts/0-Main.sol"]?.content ?? "";
      expect(first.indexOf("abstract contract Mid")).to.be.lessThan(first.indexOf("contract Main"));
      expect(first).to.include('import "./1-Base.sol"; // a base this part derives from');
      expect(first).to.include('import "./2-file.sol"; // free declarations');
      const compiled = contractAbis("0.8.19", pasted?.sources ?? {});
      expect(compiled.ok && [...compiled.abis.keys()].sort()).to.deep.equal(["Base", "Main", "Mid"]);
    });
  });

  describe("the contract at a labelled address", () => {
    // DUP1 PUSH4 a9059cbb EQ PUSH2 JUMPI (solc >= 0.5), PUSH4 70a08231 DUP2 EQ (solc 0.4), PUSH3 (a leading zero byte),
    // PUSH1 01 EQ (an enum compared), and a PUSH32 whose data holds 63dd62ed3e14 (data, never an instruction).
    const runtime =
      "0x80" +
      "63a9059cbb14610040" +
      "57" +
      "6370a082318114" +
      "6206fdde14" +
      "600114" +
      "7f" +
      "63dd62ed3e14".padEnd(64, "0");

    it("reads the selectors a dispatcher compares, not small numbers nor push data", () => {
      expect([...dispatchedSelectors(runtime)].sort()).to.deep.equal(["0006fdde", "70a08231", "a9059cbb"]);
    });

    it("names the source's contract that matches, where the manifest named another", () => {
      const contracts = new Map<string, readonly string[]>([
        ["Token", ["a9059cbb", "70a08231", "0006fdde", "40c10f19"]],
        ["Chef", ["a9059cbb", "70a08231", "0006fdde"]],
        ["IERC20", ["a9059cbb"]],
      ]);
      const wrong = readMainContract("Token", contracts, runtime);
      expect(wrong.namedScore).to.equal(0.75);
      expect(wrong.best).to.deep.equal({ names: ["Chef"], score: 1 });
      expect(readMainContract("Chef", contracts, runtime).best).to.equal(null);
      const clone = readMainContract(
        "Token",
        contracts,
        "0x363d3d373d3d3d363d73" + "11".repeat(20) + "5af43d82803e903d91602b57fd5bf3",
      );
      expect(clone.dispatched).to.equal(0);
      expect(clone.namedScore).to.equal(0);
    });
  });
});
