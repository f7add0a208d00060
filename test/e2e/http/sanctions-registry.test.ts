import { expect } from "chai";
import { Contract, Interface, Wallet, parseEther, toBeHex } from "ethers";
import {
  draftAuthorization,
  offerOf,
  signAuthorization,
  x402V1PaymentHeader,
} from "../../../src/adapters/payment/x402-client";
import { worldWallet } from "../../../src/dev-world/world/chain-writer";
import { appWorld, PLATFORM_KEY, type AppWorld } from "./support/app-world";
import { getJson, postJson } from "./support/http-client";
import { challengeOf, freshV1Payment } from "./support/oracle-payments";
import { revertChain } from "./support/chain-revert";

const VAULT_ABI = [
  "function deposit() payable",
  "function balanceOf(address) view returns (uint256)",
  "error ScoreTooLow(address account)",
];
const auth = { Authorization: `Bearer ${PLATFORM_KEY}` };
/** Flags as the answer lists them: codes (batch) or objects with a code (oracle). */
const codes = (flags: readonly (string | { code: string })[]) => flags.map((f) => (typeof f === "string" ? f : f.code));

describe("HTTP e2e: sanctions screening and the on-chain ScoreRegistry (issue 33 items 4 and 5)", function () {
  this.timeout(180_000);
  let w: AppWorld;
  let sanctioned: string;
  before(async () => {
    w = await appWorld();
    sanctioned = w.manifest.sanctionsAndRegistry.sanctionedWallet;
  });

  it("GET /api/sanctions: the seeded listed address (through SANCTIONS_EXTRA_FILE) and a real OFAC one, with source and date", async () => {
    const seeded = await getJson(`${w.url}/api/sanctions/${sanctioned}`);
    expect(seeded.status).to.equal(200);
    expect(seeded.body).to.include({ address: sanctioned, sanctioned: true, usdcBlacklisted: false });
    expect(codes(seeded.body.flags)).to.deep.equal(["SANCTIONED"]);
    expect(seeded.body.flags[0]).to.include({ severity: "critical" });
    expect(seeded.body.match.source).to.equal("file:sanctions-extra-ETH.txt");
    // Tornado Cash router, on OFAC's SDN list since 2022-08-08 (the shipped snapshot of 2024-05-02).
    const ofac = await getJson(`${w.url}/api/sanctions/0xd90e2f925DA726b50C4Ed8D0Fb90Ad053324F31b`);
    expect(ofac.body.sanctioned).to.equal(true);
    expect(ofac.body.match).to.include({ listDate: "2024-05-02" });
    expect(ofac.body.match.source).to.contain("0xB10C/ofac-sanctioned-digital-currency-addresses");
    const clean = await getJson(`${w.url}/api/sanctions/${w.manifest.longLivedWallet}`);
    expect(clean.body).to.include({ sanctioned: false, match: null, usdcBlacklisted: false });
    expect(clean.body.flags).to.deep.equal([]);
    expect((await getJson(`${w.url}/api/sanctions/0x1234`)).body).to.deep.equal({ error: "invalid_address" });
  });

  it("the seeded sanctioned address is BLOCKED with SANCTIONED on every answer (batch, arc-score, paid oracle)", async () => {
    const batch = await postJson(`${w.url}/api/batch`, { addresses: [sanctioned] });
    expect(batch.body[0]).to.include({ tier: "BLOCKED" });
    expect(codes(batch.body[0].flags)).to.include("SANCTIONED");
    const arc = await getJson(`${w.url}/api/arc-score/${sanctioned}`, auth);
    expect(arc.body.tier).to.equal("BLOCKED");
    expect(arc.body.score).to.be.at.most(10);
    const path = `/api/oracle/${sanctioned}`;
    const paid = await getJson(w.url + path, await freshV1Payment(w, path));
    expect(paid.status).to.equal(200);
    expect(paid.body.tier).to.equal("BLOCKED");
    expect(codes(paid.body.flags)).to.include("SANCTIONED");
  });

  it("USDC's own blacklist raises USDC_BLACKLISTED", async () => {
    const frozen = w.manifest.sanctionsAndRegistry.usdcBlacklistedWallet;
    const batch = await postJson(`${w.url}/api/batch`, { addresses: [frozen] });
    expect(codes(batch.body[0].flags)).to.include("USDC_BLACKLISTED");
    expect(batch.body[0].score).to.be.below(60);
  });

  it("the sanctioned address cannot buy an answer: 403 sanctioned_payer before settlement, nothing moves", async () => {
    const payer = new Wallet(worldWallet("sanctioned-wallet").key.privateKey, w.provider);
    expect(payer.address.toLowerCase()).to.equal(sanctioned);
    const path = `/api/oracle/${w.manifest.longLivedWallet}`;
    const challenge = await challengeOf(w, path);
    const accepted = challenge.accepts[0]!;
    const offer = offerOf(accepted);
    const draft = draftAuthorization(payer.address, offer, await w.headTime());
    const signature = await signAuthorization(payer, offer, challenge.chainId, draft);
    const [payerBefore, payeeBefore] = [await w.usdcBalance(sanctioned), await w.usdcBalance(w.manifest.payee)];
    expect(payerBefore > 0n).to.equal(true);
    const res = await getJson(w.url + path, { "X-Payment": x402V1PaymentHeader(accepted, draft, signature) });
    expect(res.status).to.equal(403);
    expect(res.body).to.include({ error: "sanctioned_payer", listDate: res.body.listDate });
    expect(await w.usdcBalance(sanctioned)).to.equal(payerBefore);
    expect(await w.usdcBalance(w.manifest.payee)).to.equal(payeeBefore);
  });

  it("GuardedVault refuses the sybil farm member and accepts the healthy holder after registry/publish", async () => {
    const info = await getJson(`${w.url}/api/registry`);
    expect(info.body).to.include({ address: w.manifest.contracts.scoreRegistry, chainId: w.chainId });
    const names = (info.body.abi as { name?: string }[]).map((f) => f.name);
    expect(names).to.include.members(["scoreOf", "isAllowed", "publish", "ScorePublished"]);

    const member = w.manifest.sybilFarm.members[0]!;
    const holder = w.manifest.healthyHolders[0]!;
    const snapshot = (await w.provider.send("evm_snapshot", [])) as string;
    try {
      const unauthenticated = await postJson(`${w.url}/api/registry/publish`, { addresses: [member] });
      expect(unauthenticated.status).to.equal(401);
      const published = await postJson(`${w.url}/api/registry/publish`, { addresses: [member, holder] }, auth);
      expect(published.status).to.equal(200);
      expect(published.body.transaction).to.match(/^0x[0-9a-f]{64}$/);
      expect(published.body.published.map((p: { account: string }) => p.account)).to.have.members([member, holder]);
      // The same score version again: nothing sent.
      const again = await postJson(`${w.url}/api/registry/publish`, { addresses: [member, holder] }, auth);
      expect(again.body).to.include({ transaction: null, gasReserved: "0" });
      expect(again.body.unchanged).to.have.lengthOf(2);

      const registry = new Contract(info.body.address, info.body.abi, w.provider);
      const [score, tier, , updatedAt] = (await registry.getFunction("scoreOf").staticCall(holder)) as bigint[];
      const holderPublished = published.body.published.find((p: { account: string }) => p.account === holder);
      expect(Number(score)).to.equal(holderPublished.score);
      expect(Number(tier)).to.equal(holderPublished.tier);
      expect(Number(updatedAt)).to.be.greaterThan(0);

      const { guardedVault, vaultMinScore } = w.manifest.sanctionsAndRegistry;
      const memberScore = published.body.published.find((p: { account: string }) => p.account === member).score;
      expect(memberScore).to.be.below(vaultMinScore);
      expect(holderPublished.score).to.be.at.least(vaultMinScore);
      const vault = new Interface(VAULT_ABI);
      const data = vault.encodeFunctionData("deposit");
      const deposit = async (from: string): Promise<string> => {
        await w.provider.send("hardhat_impersonateAccount", [from]);
        await w.provider.send("hardhat_setBalance", [from, toBeHex(parseEther("10"))]);
        return (await w.provider.send("eth_sendTransaction", [
          { from, to: guardedVault, data, value: toBeHex(1000n), gas: toBeHex(200_000n) },
        ])) as string;
      };
      let refusal: unknown;
      try {
        await w.provider.call({ from: member, to: guardedVault, data, value: 1000n });
      } catch (error) {
        refusal = error;
      }
      expect((refusal as { data?: string }).data).to.equal(vault.encodeErrorResult("ScoreTooLow", [member]));
      const refusedTx = await w.provider.getTransactionReceipt(
        await deposit(member).catch(() => "0x" + "0".repeat(64)),
      );
      expect(refusedTx?.status ?? 0).to.equal(0);
      const accepted = await w.provider.waitForTransaction(await deposit(holder));
      expect(accepted?.status).to.equal(1);
      const balance = await new Contract(guardedVault, VAULT_ABI, w.provider)
        .getFunction("balanceOf")
        .staticCall(holder);
      expect(balance).to.equal(1000n);
    } finally {
      await revertChain(w.provider, snapshot);
    }
  });
});
