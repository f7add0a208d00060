import { expect } from "chai";
import { FEE_CHANGE_MIN_BPS, effectKinds } from "../../../../src/domain/scoring/token/capability-effects";
import { Contract, ContractFactory, id } from "ethers";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import type { CallRequest } from "../../../../src/application/ports/chain-reader.port";
import {
  TRADE_GAS,
  balanceKey,
  findBalanceSlot,
  randomActor,
  wordHex,
} from "../../../../src/adapters/chain/sell-simulator-calls";
import {
  PROBED_CALL_GAS,
  READ_ONLY,
  decodePrivileged,
  privilegedCalldata,
} from "../../../../src/adapters/chain/capability-probe-calls";
import { PROBE_CODE, SIMULATOR_CODE } from "../../../../src/adapters/chain/capability-simulations";
import { asHex } from "../../../../src/adapters/shared/hex-values";
import { EthCallCapabilityProber } from "../../../../src/adapters/chain/eth-call-capability-prober.adapter";
import { EXHAUSTED_TRANSFER_GAS } from "../../../../src/adapters/chain/privileged-probes";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import { right } from "../../contract/support/task-either";
import { EthersSellSimulator } from "../../../../src/adapters/chain/sell-simulator.adapter";
import { loadUniswapArtifacts } from "../../../../src/dev-world/uniswap-artifacts";
import type { MarketAnalysis } from "../../../../src/domain/scoring/market/trades";
import type { PoolFacts } from "../../../../src/domain/scoring";
import { simulationFindings } from "../../../../src/domain/scoring/token/sell-simulation";
import { capabilityFindings } from "../../../../src/domain/scoring/token/capability-flags";
import { type Address, asAddress } from "../../../../src/domain/chain/address";
import { type EmbeddedChain, startEmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { type Deployed, deployTestContract, devSigner, sendAndWait } from "./support/deploy-test-contract";

/** Chain mechanics against minimal reproductions of real tokens' patterns (issue 29), on the embedded chain. */
describe("chain probes against real token patterns (embedded chain)", function () {
  this.timeout(120_000);
  let chain: EmbeddedChain;
  let reader: EthersChainReader;
  let deployer: Address;
  const deployed = new Map<string, Promise<Deployed>>();

  before(async () => {
    chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
    reader = new EthersChainReader({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, timeoutMs: 10_000 });
    deployer = asAddress(chain.accounts[0]!.address);
  });

  after(async () => {
    reader.close();
    await chain.close();
  });

  /** The reader, telling `seen` of every eth_call and debug_traceCall request it is asked to make. */
  function watched(seen: (method: "call" | "traceCall", request: CallRequest) => void): EthersChainReader {
    return new Proxy(reader, {
      get(target, key, receiver) {
        if (key === "call" || key === "traceCall")
          return (request: CallRequest, ...rest: unknown[]) => {
            seen(key, request);
            return (target[key] as (...a: unknown[]) => unknown)(request, ...rest);
          };
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Each contract deployed once per run, by dev account 0. */
  async function contract(name: string, args: readonly unknown[] = []): Promise<Deployed> {
    let known = deployed.get(name);
    if (known === undefined) {
      known = devSigner(chain, 0).then((signer) => deployTestContract(signer, name, args));
      deployed.set(name, known);
    }
    return known;
  }

  describe("balance-slot search on a reflection token (an exclusion flag shares the search)", () => {
    it("does not accept a slot that only reads as the balance while the other slots are overridden too", async () => {
      const token = await contract("ReflectionToken");
      // Slot 1 (_tOwned) answers only while slot 3 (_isExcluded) is also written: alone it gives no balance.
      const slot = await findBalanceSlot(reader, token.address);
      expect(slot).to.equal(null);
      expect(await token.contract.getFunction("balanceOf")(deployer)).to.equal(10n ** 18n);
    });
  });

  describe("capability probes on a reflection token (no balance mapping to write)", () => {
    it("proves the owner's bot list with three real holders, not the public deliver() a holder can make", async () => {
      const token = await contract("ReflectionBotToken");
      const holders = [3, 4, 5].map((i) => asAddress(chain.accounts[i]!.address));
      for (const holder of holders) await sendAndWait(token.contract, "transfer", [holder, 10n ** 15n]);
      const selector = (signature: string) => `0x${id(signature).slice(2, 10)}`;
      const two = await probe(token, deployer, holders.slice(0, 2));
      expect(two.balanceSlot).to.equal(null);
      expect(two.effects).to.deep.equal([]);
      const three = await probe(token, deployer, holders);
      expect(three.gaps.join(" ")).to.contain("simulated with three real holders");
      const bot = three.effects.find((e) => e.selector === selector("setBot(address,bool)"));
      expect(bot?.target).to.equal(holders[0]);
      expect(effectKinds(bot!, three.baseline)).to.deep.equal(["blacklist"]);
      // The owner's deliver() raised the other holders' balances, as any holder's does: no privilege.
      expect(three.effects.map((e) => e.selector)).to.not.include(selector("deliver(uint256)"));
    });
  });

  /** The prober's evidence for a token (without pools unless given), at the head block. */
  async function probe(
    token: Deployed,
    owner: Address | null,
    holders: readonly Address[] = [],
    pools: readonly PoolFacts[] = [],
  ) {
    const head = await right(reader.headBlock());
    const metadata = await right(reader.tokenMetadata(token.address));
    return right(
      new EthCallCapabilityProber(reader).probe({
        token: token.address,
        bytecode: await right(reader.codeAt(token.address)),
        owner,
        deployer,
        totalSupply: metadata.totalSupply,
        pools,
        holders: await Promise.all(
          holders.map(async (address) => ({
            address,
            role: "holder" as const,
            balance: await right(reader.tokenBalance(token.address, address)),
          })),
        ),
        history: [],
        creationBlock: 1,
        blockNumber: head.number,
      }),
    );
  }

  describe("owner discovery on a controller packed into the slot of decimals and a flag", () => {
    it("unpacks the controller's address and proves its mint as a stored caller", async () => {
      const controller = asAddress(chain.accounts[2]!.address);
      const token = await contract("PackedControllerToken", [controller, 10n ** 24n]);
      const evidence = await probe(token, ZERO_ADDRESS);
      expect(evidence.storedAddresses).to.deep.include({ slot: 3, address: controller });
      const mint = evidence.effects.find((e) => e.caller.address === controller);
      expect(mint?.caller).to.deep.equal({ address: controller, role: "stored", slot: 3 });
      expect(mint!.supplyAfter > mint!.supplyBefore).to.equal(true);
    });
  });

  describe("how far a proven mint reaches", () => {
    it("measures a one-time farm allocation and a yearly capped mint as bounded, and reports them low", async () => {
      const token = await contract("BoundedMintToken", [10n ** 24n]);
      const evidence = await probe(token, deployer);
      for (const fn of ["mintToFarm(address)", "mint(address,uint256)"]) {
        const effect = evidence.effects.find((e) => e.selector === `0x${id(fn).slice(2, 10)}`);
        expect(effect, fn).to.not.equal(undefined);
        expect(effect!.supplyAfter > effect!.supplyBefore, fn).to.equal(true);
        expect(effect?.mintReach, fn).to.deep.equal({ repeatable: false, callerChoosesAmount: false });
      }
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      const mint = flags.find((f) => f.code === "OWNER_CAN_MINT");
      expect([mint?.severity, mint?.evidence.figures?.reach]).to.deep.equal(["low", "bounded"]);
    });

    it("measures a controller's plain mint(to, amount) as repeatable with the amount its caller chooses", async () => {
      const controller = asAddress(chain.accounts[2]!.address);
      const token = await contract("PackedControllerToken", [controller, 10n ** 24n]);
      const evidence = await probe(token, ZERO_ADDRESS);
      const mint = evidence.effects.find((e) => e.caller.address === controller);
      expect(mint?.mintReach).to.deep.equal({ repeatable: true, callerChoosesAmount: true });
    });
  });

  describe("a mint the owner grants itself first (an OHM fork's vault)", () => {
    it("names the owner as the vault, then mints, and reports it; a vault anyone may name is no privilege", async () => {
      const setVault = `0x${id("setVault(address)").slice(2, 10)}`;
      const mint = `0x${id("mint(address,uint256)").slice(2, 10)}`;
      const gated = await deployTestContract(await devSigner(chain, 0), "VaultMintToken", [10n ** 24n, false]);
      const evidence = await probe(gated, deployer);
      const granted = evidence.effects.find((e) => e.selector === mint);
      expect(granted?.preparedBy?.selector).to.equal(setVault);
      expect([granted?.caller.role, granted!.supplyAfter > granted!.supplyBefore]).to.deep.equal(["owner", true]);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      expect(flags.find((f) => f.code === "OWNER_CAN_MINT")?.evidence.detail).to.contain(
        `Proven by behaviour: simulated call to ${setVault} naming the caller itself, then to ${mint}`,
      );

      const open = await deployTestContract(await devSigner(chain, 0), "VaultMintToken", [10n ** 24n, true]);
      expect((await probe(open, deployer)).effects.filter((e) => e.selector === mint)).to.deep.equal([]);
    });

    it("probes a token whose supply is still zero (nothing minted before the vault is named)", async () => {
      const empty = await deployTestContract(await devSigner(chain, 0), "VaultMintToken", [0n, false]);
      const evidence = await probe(empty, deployer);
      const granted = evidence.effects.find((e) => e.selector === `0x${id("mint(address,uint256)").slice(2, 10)}`);
      expect([granted?.supplyBefore, granted!.supplyAfter > 0n]).to.deep.equal([0n, true]);
    });
  });

  describe("capability probes on a blacklist that takes an array of addresses", () => {
    it("calls the setter with a one-address array and proves the holder frozen", async () => {
      const token = await contract("ArrayBlacklistToken", [10n ** 24n]);
      const evidence = await probe(token, ZERO_ADDRESS);
      const addBots = `0x${id("addBots(address[])").slice(2, 10)}`;
      const frozen = evidence.effects.find((e) => e.selector === addBots);
      expect(frozen?.holders).to.include({ targetTransferOk: false, otherTransferOk: true });
      expect(frozen?.caller.address).to.equal(deployer);
    });
  });

  describe("an upgradeable-style layout (balances after a 50-word storage gap) with a trading switch", () => {
    it("finds the balance mapping at slot 51", async () => {
      const token = await contract("GappedGateToken", [10n ** 24n]);
      expect(await findBalanceSlot(reader, token.address)).to.equal(51);
    });

    it("proves the owner can switch trading off again: openTrading(false) stops every holder", async () => {
      const token = await contract("GappedGateToken", [10n ** 24n]);
      const evidence = await probe(token, deployer);
      const gate = evidence.effects.find((e) => e.selector === `0x${id("openTrading(bool)").slice(2, 10)}`);
      expect(gate?.caller.address).to.equal(deployer);
      expect(effectKinds(gate!, evidence.baseline)).to.deep.equal(["pause"]);
    });
  });

  describe("capability probes on a token keeping per-holder state beside the balance (votes moved on transfer)", () => {
    it("sees a frozen token with fresh holders, and proves the owner's bot list with two real holders", async () => {
      const token = await contract("CheckpointBotToken", [10n ** 24n]);
      const holders = [asAddress(chain.accounts[3]!.address), asAddress(chain.accounts[4]!.address)];
      for (const holder of holders) await sendAndWait(token.contract, "transfer", [holder, 10n ** 21n]);
      const setBot = `0x${id("setBot(address,bool)").slice(2, 10)}`;
      const fresh = await probe(token, deployer);
      expect(fresh.baseline).to.include({ targetTransferOk: false, otherTransferOk: false });
      expect(fresh.effects.some((e) => e.selector === setBot)).to.equal(false);
      const real = await probe(token, deployer, holders);
      expect(real.baseline).to.include({ targetTransferOk: true, otherTransferOk: true });
      const bot = real.effects.find((e) => e.selector === setBot);
      expect(bot?.target).to.equal(holders[0]);
      expect(effectKinds(bot!, real.baseline)).to.deep.equal(["blacklist"]);
    });
  });

  describe("capability probes on a privileged credit to the caller's own balance (no Transfer, no supply change)", () => {
    it("keeps the effect: the owner's balance grew from nowhere", async () => {
      const token = await contract("SilentCreditToken", [10n ** 24n]);
      const evidence = await probe(token, deployer);
      const selector = `0x${id("distributeReflections(uint256)").slice(2, 10)}`;
      const credit = evidence.effects.find((e) => e.selector === selector);
      expect(credit?.caller.address).to.equal(deployer);
      expect(credit!.callerAfter > credit!.callerBefore).to.equal(true);
      expect(credit!.supplyAfter).to.equal(credit!.supplyBefore);
    });
  });

  describe("capability probes on a withdrawal of the fees the contract holds (claimStuckTokens)", () => {
    it("proves the owner can take the contract's own holdings, and a public burn of them is no privilege", async () => {
      const token = await contract("FeeVaultToken", [10n ** 24n]);
      const evidence = await probe(token, deployer);
      const claim = evidence.effects.find((e) => e.selector === `0x${id("claimStuckTokens(address)").slice(2, 10)}`);
      expect(claim?.caller.address).to.equal(deployer);
      expect(effectKinds(claim!, evidence.baseline)).to.deep.equal(["take_held"]);
      // Nothing held on chain: the probe gave the contract a small balance of its own, all of it paid to the owner.
      expect(claim!.tokenHeldBefore! > 0n && claim!.tokenHeldAfter === 0n).to.equal(true);
      expect(claim!.callerAfter - claim!.callerBefore).to.equal(claim!.tokenHeldBefore);
      const burn = `0x${id("processFees()").slice(2, 10)}`;
      expect(evidence.effects.some((e) => e.selector === burn)).to.equal(false);
    });
  });

  describe("capability probes on fee setters written in percent (one unbounded, one capped at 20%)", () => {
    it("reports the fee each can set, not the stop a basis-point value or an address as a number causes", async () => {
      const token = await contract("PercentFeeToken", [10n ** 24n]);
      const evidence = await probe(token, deployer, [], [await pooled(token)]);
      for (const setter of ["setMarketingFee(uint256)", "setLiquidityFee(uint256)"]) {
        const effect = evidence.effects.find((e) => e.selector === `0x${id(setter).slice(2, 10)}`);
        expect(effect?.caller.address, setter).to.equal(deployer);
        expect(effectKinds(effect!, evidence.baseline), setter).to.deep.equal(["fee"]);
        // 5% at the baseline (2% marketing + 3% liquidity); the rate that proved the setter is a plain percentage.
        expect(evidence.baseline?.sellTaxBps, setter).to.be.closeTo(500, 2);
        expect(effect!.holders.sellTaxBps! - evidence.baseline!.sellTaxBps!, setter).to.be.at.least(500);
      }
    });
  });

  describe("capability probes on a fee wallet the owner may replace", () => {
    it("names a fresh address and finds the holders' fee paid to it, and no such power where the wallet is fixed", async () => {
      const token = await contract("FeeWalletToken", [10n ** 24n]);
      const evidence = await probe(token, deployer, [], [await pooled(token)]);
      const setter = evidence.effects.find((e) => e.selector === `0x${id("setMarketingWallet(address)").slice(2, 10)}`);
      expect(setter?.caller.address).to.equal(deployer);
      expect(effectKinds(setter!, evidence.baseline)).to.deep.equal(["redirect_fees"]);
      expect(setter!.payee!.tokensAfter > setter!.payee!.tokensBefore, "the payee was paid").to.equal(true);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      const flag = flags.find((f) => f.code === "OWNER_CAN_REDIRECT_FEES");
      expect(flag?.evidence.detail).to.contain(
        `${setter!.payee!.address} (named by the call, by nothing else) received`,
      );
      expect(flags.map((f) => f.code)).to.not.include("HIDDEN_OWNER");
      // PercentFeeToken pays its fee to owner(), a wallet no call can replace: its setters take the payee (setPair
      // makes it the pair) and holders still pay their fees, yet nothing reaches it.
      const percent = await contract("PercentFeeToken", [10n ** 24n]);
      const fixed = await probe(percent, deployer, [], [await pooled(percent)]);
      expect(fixed.baseline?.sellTaxBps).to.be.greaterThan(0);
      expect(fixed.effects.flatMap((e) => effectKinds(e, fixed.baseline))).to.not.include("redirect_fees");
    });

    it("finds it where every transfer costs ~700k gas: a state-writing call's read-only test no longer burns the call's gas", async () => {
      // A write inside the probe's STATICCALL halts and burns all the gas it was given; unbounded, the holders'
      // transfers after it were left 1/64 of the call's gas and ran out, and no setter was ever seen on such tokens.
      const token = await contract("DividendFeeWalletToken", [10n ** 24n]);
      const evidence = await probe(token, deployer, [], [await pooled(token)]);
      expect(evidence.baseline?.sellOk, "the baseline sell went through").to.equal(true);
      const setter = evidence.effects.find((e) => e.selector === `0x${id("setMarketingWallet(address)").slice(2, 10)}`);
      expect(setter === undefined ? [] : effectKinds(setter, evidence.baseline)).to.deep.equal(["redirect_fees"]);
    });

    it("proves that a wallet paid in the native coin can stop every sell by refusing it, and not for one paid in tokens", async () => {
      const token = await contract("CoinFeeWalletToken", [10n ** 24n]);
      const pool = await pooled(token);
      const signer = await devSigner(chain, 0);
      await (await signer.sendTransaction({ to: token.address, value: 10n ** 18n })).wait();
      const evidence = await probe(token, deployer, [], [pool]);
      const selector = `0x${id("setMarketingWallet(address)").slice(2, 10)}`;
      const setter = evidence.effects.find((e) => e.selector === selector);
      expect((setter?.payee?.nativeAfter ?? 0n) > 0n, "the payee was paid in the coin").to.equal(true);
      expect(setter?.sellsStopWhenRefused).to.equal(true);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      expect(flags.find((f) => f.code === "OWNER_CAN_REDIRECT_FEES")?.evidence.detail).to.contain(
        "an address that refuses the native coin made every holder's sell revert",
      );
      // FeeWalletToken credits its fee in tokens: a wallet cannot refuse those, and no such power is reported.
      const tokensOnly = await contract("FeeWalletToken", [10n ** 24n]);
      const plain = await probe(tokensOnly, deployer, [], [await pooled(tokensOnly)]);
      const plainSetter = plain.effects.find((e) => e.selector === selector);
      expect((plainSetter?.payee?.tokensAfter ?? 0n) > 0n, "the payee was paid in tokens").to.equal(true);
      expect(plainSetter?.sellsStopWhenRefused).to.equal(undefined);
    });
  });

  describe("a transfer that asks a hard-coded outside contract for the sender's balance (nothing deployed there)", () => {
    it("traces the deployer's own transfer when nobody else holds, and reports the outside call that stopped it", async () => {
      const oracle = asAddress("0xB97eAE53FC1102c4f75565602cE6aD69CE3113A6");
      const token = await contract("OutsideBalanceToken", [10n ** 24n]);
      const evidence = await probe(token, deployer);
      expect(evidence.transferTrace?.holder).to.equal(deployer);
      expect(evidence.transferTrace?.trace.failed).to.equal(true);
      expect(evidence.transferTrace?.trace.calls.map((c) => c.to)).to.include(oracle);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      const flag = flags.find((f) => f.code === "EXTERNAL_CALL_IN_TRANSFER");
      expect(flag?.severity).to.equal("high");
      expect(flag?.evidence.counterparties).to.deep.equal([oracle]);
      expect(flag?.evidence.detail).to.contain("and the transfer reverted");
      expect(flag?.evidence.figures?.transferReverted).to.equal("yes");
    });
  });

  describe("capability probes on a token whose transfers ask a checker the owner has not named yet", () => {
    it("names a contract that approves, then one that refuses, and reports whoever names it as able to stop every transfer", async () => {
      const token = await contract("CheckerGateToken", [10n ** 24n, false]);
      const evidence = await probe(token, deployer);
      const selector = `0x${id("initBridge(address)").slice(2, 10)}`;
      const gate = evidence.effects.find((e) => e.selector === selector);
      expect(gate?.gate, "the checker setter was made with both contracts").to.not.equal(undefined);
      expect(gate?.baseline?.otherTransferOk).to.equal(false);
      expect(gate?.holders.otherTransferOk).to.equal(true);
      expect(effectKinds(gate!, gate!.baseline ?? null)).to.deep.equal(["gate"]);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      expect(flags.find((f) => f.code === "OWNER_CAN_PAUSE")?.evidence.detail).to.contain(
        "every transfer asks the contract the call names",
      );
    });

    it("does not read a launch switch that takes an address (it opens whatever code is there) as a gate", async () => {
      const signer = await devSigner(chain, 0);
      const token = await deployTestContract(signer, "CheckerGateToken", [10n ** 24n, true]);
      const evidence = await probe(token, deployer);
      const selector = `0x${id("setRouter(address)").slice(2, 10)}`;
      expect(evidence.effects.filter((e) => e.selector === selector && e.gate !== undefined)).to.deep.equal([]);
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      expect(flags.map((f) => f.code)).to.not.include("OWNER_CAN_PAUSE");
    });
  });

  describe("capability probes on a token whose every transfer runs out of gas (a backlog of missed epochs)", () => {
    it("stops after the baseline and says why, where the same token in use has its blacklist found", async () => {
      const signer = await devSigner(chain, 0);
      // 5,000 snapshots of ~22k gas each: far past the node's 30M, in ~80k steps (a light trace for the chain).
      const stuck = await deployTestContract(signer, "BacklogTransferToken", [10n ** 24n, 5_000n]);
      let calls = 0;
      const counted = watched((method) => (calls += method === "call" ? 1 : 0));
      const head = await right(reader.headBlock());
      const evidence = await right(
        new EthCallCapabilityProber(counted).probe({
          token: stuck.address,
          bytecode: await right(reader.codeAt(stuck.address)),
          owner: deployer,
          deployer,
          totalSupply: 10n ** 24n,
          pools: [],
          holders: [],
          history: [],
          creationBlock: 1,
          blockNumber: head.number,
        }),
      );
      expect(evidence.baseline?.targetTransferOk).to.equal(false);
      expect((evidence.baseline?.targetTransferGas ?? 0n) >= EXHAUSTED_TRANSFER_GAS).to.equal(true);
      expect(evidence.effects).to.deep.equal([]);
      expect(evidence.gaps.join(" ")).to.contain("ran out of gas");
      // A baseline or two and the reads around them (4 here), not one call per function, caller and layout (35 here
      // before the probes stopped, with this token's one setter).
      expect(calls).to.be.below(10);

      const inUse = await deployTestContract(signer, "BacklogTransferToken", [10n ** 24n, 0n]);
      const live = await probe(inUse, deployer);
      expect(live.gaps.join(" ")).to.not.contain("ran out of gas");
      const setBot = `0x${id("setBot(address,bool)").slice(2, 10)}`;
      const found = live.effects.find((e) => e.selector === setBot);
      expect(found !== undefined && effectKinds(found, found.baseline ?? null).includes("blacklist")).to.equal(true);
    });
  });

  describe("a probed call that loops until its gas runs out", () => {
    it("is given PROBED_CALL_GAS, so the holders' transfers after it still have gas to run", async () => {
      const token = await deployTestContract(await devSigner(chain, 0), "LoopingSetterToken", [10n ** 24n]);
      const [caller, target, other] = [randomActor(), randomActor(), randomActor()];
      const amount = 10n ** 18n;
      const data = privilegedCalldata({
        token: token.address,
        data: asHex(id("walkHolders()").slice(0, 10)),
        target,
        other,
        pair: null,
        amount,
        recipient: randomActor(),
        payee: randomActor(),
      });
      const held = wordHex(10n * amount);
      const overrides = {
        [caller]: { code: PROBE_CODE },
        [target]: { code: SIMULATOR_CODE },
        [other]: { code: SIMULATOR_CODE },
        [token.address]: { stateDiff: { [balanceKey(target, 0)]: held, [balanceKey(other, 0)]: held } },
      };
      // The loop's budget and two transfers fit in 14M; 63/64 of 14M for the loop would leave ~220k for both.
      const outcome = await right(
        reader.call({ to: caller, from: caller, data, gas: PROBED_CALL_GAS + 4_000_000n }, overrides),
      );
      expect(outcome.ok).to.equal(true);
      const report = decodePrivileged(outcome.ok ? outcome.returnData : asHex("0x"), randomActor(), amount);
      expect(report === READ_ONLY ? "read-only" : [report.callOk, report.holders.targetTransferOk]).to.deep.equal([
        false,
        true,
      ]);
    });
  });

  describe("simulated trades on a token whose every transfer catches up on the chain time it was idle", () => {
    it("gives each trade a bounded gas budget and says a trade that spent it ran out of gas", async () => {
      const token = await deployTestContract(await devSigner(chain, 0), "ClockBacklogToken", [10n ** 24n]);
      const budgets: (bigint | undefined)[] = [];
      const { simulation, pool } = await simulatedSells(token, 6, {
        through: watched((_, request) => budgets.push(request.gas)),
        // A day idle: 86,400 snapshots of ~22k gas each, far past any block, while a trade the moment before was cheap.
        idleSeconds: 86_400,
      });
      const trades = simulation!.attempts;
      expect(trades.map((a) => a.action)).to.include.members(["sell", "transfer", "buy"]);
      for (const trade of trades)
        expect(trade.outcome.ok ? "ok" : trade.outcome.reason).to.equal(
          "ran out of gas (a simulated trade is given 5M)",
        );
      // The slot searches are reads; every trade was given TRADE_GAS, none the node's block-sized default.
      expect(budgets.filter((gas) => gas === TRADE_GAS)).to.have.length(trades.length);
      expect(budgets.filter((gas) => gas !== undefined && gas !== TRADE_GAS)).to.deep.equal([]);

      // The capability probe stops at its baseline, and makes no sell of its own after it: each would run out too.
      const evidence = await probe(token, deployer, [], [pool]);
      expect(evidence.baseline?.targetTransferOk).to.equal(false);
      expect((evidence.baseline?.targetTransferGas ?? 0n) >= EXHAUSTED_TRANSFER_GAS).to.equal(true);
      expect([evidence.sellSizes, evidence.cooldown]).to.deep.equal([null, null]);
      expect(evidence.gaps.join(" ")).to.contain("no privileged call, sell size or cooldown was simulated");
    });
  });

  /** A Uniswap V2 pool of `token` against a fresh quote token (10^23 of each), the token's setPair called. */
  async function pooled(token: Deployed): Promise<PoolFacts> {
    const signer = await devSigner(chain, 0);
    const quote = await deployTestContract(signer, "SmallToken", [10n ** 24n]);
    const { factory: factoryArtifact } = loadUniswapArtifacts();
    const factory = await new ContractFactory(factoryArtifact.abi as never, factoryArtifact.bytecode, signer).deploy(
      deployer,
    );
    await sendAndWait(factory as Contract, "createPair", [token.address, quote.address]);
    const pool = asAddress(await (factory as Contract).getFunction("getPair")(token.address, quote.address));
    await sendAndWait(token.contract, "setPair", [pool]);
    await sendAndWait(token.contract, "transfer", [pool, 10n ** 23n]);
    await sendAndWait(quote.contract, "transfer", [pool, 10n ** 23n]);
    const pair = new Contract(pool, ["function mint(address) returns (uint256)"], signer);
    await sendAndWait(pair, "mint", [deployer]);
    return {
      pool,
      quoteToken: quote.address,
      tokenReserve: 10n ** 23n,
      quoteReserve: 10n ** 23n,
      quoteDecimals: 18,
      quoteUnitUsd: 1,
      lpTransfers: { items: [], coverage: { complete: true, items: 0 } },
    };
  }

  /**
   * A pool of `token` (see pooled), one holder given 10^20 of the token, and the sell simulator's run over it, through
   * `through` (the plain reader by default) after `idleSeconds` of chain time.
   */
  async function simulatedSells(
    token: Deployed,
    holderIndex: number,
    { through = reader, idleSeconds = 0 }: { through?: EthersChainReader; idleSeconds?: number } = {},
  ) {
    const pool = await pooled(token);
    const holder = asAddress(chain.accounts[holderIndex]!.address);
    await sendAndWait(token.contract, "transfer", [holder, 10n ** 20n]);
    if (idleSeconds > 0) {
      const rpc = (await devSigner(chain, 0)).provider;
      await rpc.send("evm_increaseTime", [idleSeconds]);
      await rpc.send("evm_mine", []);
    }

    const head = await right(reader.headBlock());
    const simulation = await right(
      new EthersSellSimulator(through).simulate({
        token: token.address,
        pools: [pool],
        sellers: [{ address: holder, role: "holder", balance: 10n ** 20n }],
        blockNumber: head.number,
      }),
    );
    return { simulation, holder, pool };
  }

  describe("sell simulation on a token that sells its collected fees into the same pair inside a sell", () => {
    it("prices the sell at the reserves after the transfer, as a router does, and the verdict is no honeypot", async () => {
      const token = await contract("SwapBackToken", [10n ** 24n]);
      const { simulation, holder } = await simulatedSells(token, 5);
      // The pool's funding paid the sell fee: the contract holds fees that the next sell swaps into the pair first.
      expect(await right(reader.tokenBalance(token.address, token.address))).to.equal(5n * 10n ** 21n);
      const sells = simulation!.attempts.filter((a) => a.action === "sell" && a.actor === holder);
      expect(sells.length).to.be.greaterThan(0);
      for (const sell of sells)
        expect(
          sell.outcome.ok && sell.outcome.amountOut > 0n,
          JSON.stringify(sell, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
        ).to.equal(true);
      const market = { trades: [], privileged: new Set<Address>() } as unknown as MarketAnalysis;
      expect(simulationFindings(simulation, market).flags.map((f) => f.code)).to.not.include("HONEYPOT_PATTERN");
    });
  });

  describe("capability probes on a swap-and-liquify token the owner can switch off", () => {
    it("measures the fee in tokens, and the switch is no fee setter though the price a sell got moved", async () => {
      const token = await deployTestContract(await devSigner(chain, 0), "SwapBackToken", [10n ** 24n]);
      const pool = await pooled(token);
      // Fees the contract collected (3% of the supply): every sell first swaps them into the pair.
      await sendAndWait(token.contract, "transfer", [token.address, 3n * 10n ** 22n]);
      const evidence = await probe(token, deployer, [], [pool]);
      const baseline = evidence.baseline!;
      expect(baseline.sellFeeBps, "the token's 5% fee, in tokens").to.equal(500);
      expect(baseline.sellTaxBps! - 500, "the swap-back cost the seller more than the fee").to.be.at.least(
        FEE_CHANGE_MIN_BPS,
      );
      const toggle = evidence.effects.find(
        (e) => e.selector === `0x${id("setSwapAndLiquifyEnabled(bool)").slice(2, 10)}`,
      );
      expect(toggle === undefined ? [] : effectKinds(toggle, baseline)).to.not.include("fee");
      const { flags } = capabilityFindings(evidence, { measuredSellTaxBps: null, blacklistedNow: [] });
      const fees = flags.find((f) => f.code === "OWNER_CAN_SET_FEES");
      expect(fees?.evidence.detail ?? "").to.not.contain(id("setSwapAndLiquifyEnabled(bool)").slice(0, 10));
    });
  });

  describe("sell simulation on a token that ignores transfers from contracts", () => {
    it("sells as the holder's own plain account through an approved router, and the verdict is no honeypot", async () => {
      const token = await contract("ContractShyToken", [10n ** 24n]);
      const { simulation, holder } = await simulatedSells(token, 3);
      const sells = simulation!.attempts.filter((a) => a.action === "sell" && a.actor === holder);
      const asContract = sells.find((a) => a.route === undefined);
      const asAccount = sells.find((a) => a.route === "approved");
      expect(asContract?.outcome).to.deep.equal({ ok: true, amountOut: 0n });
      expect(asAccount?.outcome.ok && asAccount.outcome.amountOut > 0n).to.equal(true);
      const market = { trades: [], privileged: new Set<Address>() } as unknown as MarketAnalysis;
      expect(simulationFindings(simulation, market).flags.map((f) => f.code)).to.not.include("HONEYPOT_PATTERN");
    });
  });
});
