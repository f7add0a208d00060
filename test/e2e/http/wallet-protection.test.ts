import { expect } from "chai";
import { Contract, Interface, MaxUint256, TypedDataEncoder, Wallet } from "ethers";
import type { WalletProtectionRoles } from "../../../src/dev-world/dev-world";
import { worldWallet } from "../../../src/dev-world/world/chain-writer";
import { PERMIT2_ADDRESS } from "../../../src/domain/scan/typed-data-grants";
import { type AppWorld, PLATFORM_KEY, appWorld } from "./support/app-world";
import { PERMIT2_SINGLE_TYPES } from "../../support/permit2-types";
import { revertChain } from "./support/chain-revert";

const ERC20 = new Interface([
  "function approve(address,uint256)",
  "function transfer(address,uint256)",
  "function balanceOf(address) view returns (uint256)",
]);
const ROUTER = new Interface(["function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)"]);
const CLAIM = new Interface(["function claim()"]);
const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown> & { verdict?: string; reasons?: { code: string }[] };
}

describe("wallet protection on the seeded world (issue 31)", function () {
  this.timeout(240_000);
  let world: AppWorld;
  let roles: WalletProtectionRoles;

  async function post(path: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${world.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
    });
    return { status: response.status, body: (await response.json()) as Answer["body"] };
  }
  const scanTx = (from: string, to: string, data: string, value?: bigint) =>
    post("/api/scan/transaction", {
      chainId: world.chainId,
      from,
      to,
      data,
      ...(value === undefined ? {} : { value: `0x${value.toString(16)}` }),
    });
  const codes = (answer: Answer) => (answer.body.reasons ?? []).map((r) => r.code);
  const approvals = async (wallet: string) => {
    const response = await fetch(`${world.url}/api/wallet/${wallet}/approvals`);
    expect(response.status).to.equal(200);
    return (
      (await response.json()) as {
        approvals: { token: string; spender: string; risky: boolean; revoke: { to: string; data: string } }[];
      }
    ).approvals;
  };
  /** Runs `body` and puts the chain back: the seeded world is shared by every file of this run. */
  async function reverting<T>(body: () => Promise<T>): Promise<T> {
    const snapshot = (await world.provider.send("evm_snapshot", [])) as string;
    try {
      return await body();
    } finally {
      await revertChain(world.provider, snapshot);
    }
  }
  const signerOf = (label: string) => new Wallet(worldWallet(label).key.privateKey, world.provider);

  before(async function () {
    this.timeout(600_000);
    world = await appWorld();
    roles = world.manifest.walletProtection;
  });

  // First, on the seeded history as it is: the tests below send transactions inside evm_snapshot/evm_revert, and a
  // batch scored right after a revert once failed on CI (the index had followed the reverted block).
  it("the poisoning target carries ADDRESS_POISONING_TARGET; its real counterparty does not", async () => {
    const answer = await post("/api/batch", { addresses: [roles.poisonTarget, roles.poisonFriend] });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    const [target, friend] = answer.body as unknown as { flags: string[] }[];
    expect(target!.flags).to.include("ADDRESS_POISONING_TARGET");
    expect(friend!.flags).to.not.include("ADDRESS_POISONING_TARGET");
  });

  it("the seeded look-alike senders carry ADDRESS_POISONING_SENDER naming the victim; ordinary wallets do not", async () => {
    const senders = roles.poisonLookAlikes;
    const ordinary = [roles.poisonTarget, roles.poisonFriend, roles.swapper, roles.poisoner];
    const answer = await post("/api/batch", { addresses: [...senders, ...ordinary] });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    const rows = answer.body as unknown as { address: string; flags: string[] }[];
    for (const row of rows.slice(0, senders.length))
      expect(row.flags, row.address).to.include("ADDRESS_POISONING_SENDER");
    for (const row of rows.slice(senders.length))
      expect(row.flags, row.address).to.not.include("ADDRESS_POISONING_SENDER");
    // The evidence names the victim and the counterparty copied (the platform route shows the flags' evidence).
    const explained = await fetch(`${world.url}/api/arc-score/${senders[0]}`, {
      headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
    });
    expect(explained.status).to.equal(200);
    const body = (await explained.json()) as {
      flags: { code: string; evidence: { counterparties?: string[]; figures?: Record<string, unknown> } }[];
    };
    const flag = body.flags.find((f) => f.code === "ADDRESS_POISONING_SENDER");
    expect(flag?.evidence.counterparties).to.deep.equal([roles.poisonTarget]);
    expect(flag?.evidence.figures).to.deep.include({ imitated: roles.poisonFriend });
  });

  it("an unlimited USDC approval to the seeded drainer is malicious (risky spender, drainer evidence)", async () => {
    const answer = await scanTx(
      roles.approvalsVictim,
      world.manifest.contracts.usdc,
      ERC20.encodeFunctionData("approve", [roles.drainer, MaxUint256]),
    );
    expect(answer.status).to.equal(200);
    expect(answer.body.verdict).to.equal("malicious");
    expect(codes(answer)).to.include.members(["APPROVAL_TO_RISKY_SPENDER", "INTERACTS_WITH_DRAINER"]);
    expect(answer.body.approvals).to.deep.include({
      token: world.manifest.contracts.usdc,
      owner: roles.approvalsVictim,
      spender: roles.drainer,
      amount: MaxUint256.toString(),
      kind: "erc20",
      revokes: false,
      spenderScore: (answer.body.approvals as { spenderScore: number }[])[0]!.spenderScore,
      spenderTier: (answer.body.approvals as { spenderTier: string }[])[0]!.spenderTier,
    });
  });

  it("native value sent to the drainer's claim() is malicious and shows the value forwarded to its keeper", async () => {
    const answer = await scanTx(roles.swapper, roles.drainer, CLAIM.encodeFunctionData("claim"), 10n ** 17n);
    expect(answer.body.verdict).to.equal("malicious");
    expect(codes(answer)).to.include("INTERACTS_WITH_DRAINER");
    expect(answer.body.assetChanges).to.deep.include.members([
      {
        asset: "native",
        kind: "native",
        from: roles.swapper,
        to: roles.drainer,
        amount: (10n ** 17n).toString(),
        usdValue: (answer.body.assetChanges as { usdValue: number | null }[])[0]!.usdValue,
      },
    ]);
    expect((answer.body.assetChanges as { to: string }[]).map((c) => c.to)).to.include(roles.drainerKeeper);
  });

  it("paying a look-alike of the poisoning target's real counterparty is malicious", async () => {
    const lookAlike = roles.poisonLookAlikes[0]!;
    const answer = await scanTx(
      roles.poisonTarget,
      world.manifest.contracts.usdc,
      ERC20.encodeFunctionData("transfer", [lookAlike, 100_000_000n]),
    );
    expect(answer.body.verdict).to.equal("malicious");
    // The look-alike is itself scored: ADDRESS_POISONING_SENDER makes it a flagged recipient too.
    expect(codes(answer)).to.have.members(["RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY", "TRANSFER_TO_FLAGGED_ADDRESS"]);
    const reasons = (answer.body.reasons ?? []) as { code: string; detail: string; evidence: unknown }[];
    expect(reasons.find((r) => r.code === "RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY")).to.deep.include({
      evidence: { recipient: lookAlike, imitates: roles.poisonFriend },
    });
    expect(reasons.find((r) => r.code === "TRANSFER_TO_FLAGGED_ADDRESS")?.detail).to.include(
      "ADDRESS_POISONING_SENDER",
    );
  });

  it("a reverting transfer answers the revert reason, not a guess", async () => {
    const answer = await scanTx(
      roles.freshSpender,
      world.manifest.contracts.usdc,
      ERC20.encodeFunctionData("transfer", [roles.swapper, 1n]),
    );
    expect(answer.body).to.deep.include({
      verdict: "warning",
      revertReason: "ERC20: transfer amount exceeds balance",
      assetChanges: [],
    });
  });

  it("a plain swap on the seeded DEX is benign, and sending it moves exactly the predicted balances", async () => {
    const { usdc, uniswapRouter } = world.manifest.contracts;
    const path = [usdc, world.manifest.healthyToken];
    const data = ROUTER.encodeFunctionData("swapExactTokensForTokens", [
      50_000_000n,
      0n,
      path,
      roles.swapper,
      99_999_999_999n,
    ]);
    const answer = await scanTx(roles.swapper, uniswapRouter, data);
    expect(answer.body.verdict).to.equal("benign");
    const changes = answer.body.assetChanges as { asset: string; from: string; to: string; amount: string }[];
    const predicted = (asset: string) =>
      changes.reduce(
        (sum, c) =>
          sum +
          (c.to === roles.swapper && c.asset === asset ? BigInt(c.amount) : 0n) -
          (c.from === roles.swapper && c.asset === asset ? BigInt(c.amount) : 0n),
        0n,
      );
    expect(predicted(usdc)).to.equal(-50_000_000n);
    expect(predicted(world.manifest.healthyToken) > 0n).to.equal(true);
    const balance = (token: string) =>
      new Contract(token, ERC20, world.provider).getFunction("balanceOf").staticCall(roles.swapper) as Promise<bigint>;
    const moved = await reverting(async () => {
      const before = await Promise.all(path.map(balance));
      const sent = await signerOf("protect-swapper").sendTransaction({ to: uniswapRouter, data, gasLimit: 400_000n });
      await sent.wait();
      const after = await Promise.all(path.map(balance));
      return after.map((b, i) => b - before[i]!);
    });
    expect(moved).to.deep.equal([predicted(usdc), predicted(world.manifest.healthyToken)]);
  });

  it("a Permit2 PermitSingle to the drainer, signed over the published types, is malicious with its grant decoded", async () => {
    const signer = signerOf("protect-approvals-victim");
    const domain = { name: "Permit2", chainId: world.chainId, verifyingContract: PERMIT2_ADDRESS };
    const message = {
      details: { token: world.manifest.contracts.usdc, amount: (1n << 160n) - 1n, expiration: 1_900_000_000, nonce: 0 },
      spender: roles.drainer,
      sigDeadline: 1_900_000_000n,
    };
    await signer.signTypedData(domain, PERMIT2_SINGLE_TYPES, message);
    const answer = await post("/api/scan/typed-data", [
      signer.address,
      TypedDataEncoder.getPayload(domain, PERMIT2_SINGLE_TYPES, message),
    ]);
    expect(answer.body.verdict).to.equal("malicious");
    expect(codes(answer)).to.include("SIGNATURE_GRANTS_TO_RISKY_SPENDER");
    expect(answer.body.grants).to.have.length(1);
    expect((answer.body.grants as object[])[0]).to.deep.include({
      standard: "Permit2 PermitSingle",
      token: world.manifest.contracts.usdc,
      spender: roles.drainer,
      amount: ((1n << 160n) - 1n).toString(),
      deadline: 1_900_000_000,
    });
  });

  it("an EIP-2612 permit of the seeded permit token to a fresh EOA is a warning", async () => {
    const domain = {
      name: "Permit Dollar",
      version: "1",
      chainId: world.chainId,
      verifyingContract: roles.permitToken,
    };
    const message = {
      owner: roles.permitHolder,
      spender: roles.freshSpender,
      value: 5_000n * 10n ** 18n,
      nonce: 0n,
      deadline: 1_900_000_000n,
    };
    const answer = await post("/api/scan/typed-data", [
      roles.permitHolder,
      JSON.stringify(TypedDataEncoder.getPayload(domain, PERMIT_TYPES, message)),
    ]);
    expect(answer.body.verdict).to.equal("warning");
    expect(codes(answer)).to.include("SIGNATURE_GRANTS_TO_EOA");
  });

  it("a raw 32-byte hash sent to personal_sign is a malicious blind signature", async () => {
    const answer = await post("/api/scan/message", { address: roles.approvalsVictim, message: `0x${"ab".repeat(32)}` });
    expect(answer.body).to.deep.include({ verdict: "malicious", messageKind: "raw-hash" });
  });

  it("the approvals victim has five open approvals, the two to the drainer first; a returned revoke leaves four", async () => {
    const open = await approvals(roles.approvalsVictim);
    expect(open).to.have.length(5);
    expect(open.slice(0, 2).map((a) => [a.spender, a.risky])).to.deep.equal([
      [roles.drainer, true],
      [roles.drainer, true],
    ]);
    expect(open.slice(2).every((a) => !a.risky)).to.equal(true);
    expect(
      open
        .slice(0, 2)
        .map((a) => a.token)
        .sort(),
    ).to.deep.equal([...roles.riskyApprovalTokens].sort());
    const left = await reverting(async () => {
      const revoke = open[0]!.revoke;
      const sent = await signerOf("protect-approvals-victim").sendTransaction({
        to: revoke.to,
        data: revoke.data,
        gasLimit: 100_000n,
      });
      await sent.wait();
      return approvals(roles.approvalsVictim);
    });
    expect(left).to.have.length(4);
    expect(left.map((a) => `${a.token}:${a.spender}`)).to.not.include(`${open[0]!.token}:${open[0]!.spender}`);
  });

  it("bad input gets a 4xx code, never a 500", async () => {
    expect(
      (await post("/api/scan/transaction", { chainId: 1, from: roles.swapper, to: roles.swapper })).body,
    ).to.deep.equal({ error: "invalid_chain_id" });
    expect(
      (await post("/api/scan/transaction", { chainId: world.chainId, from: "0x12", to: roles.swapper })).status,
    ).to.equal(400);
    const huge = `0x${"00".repeat(40_000)}`;
    expect(
      (
        await post("/api/scan/transaction", {
          chainId: world.chainId,
          from: roles.swapper,
          to: roles.swapper,
          data: huge,
        })
      ).status,
    ).to.equal(413);
    let deep: unknown = "x";
    for (let i = 0; i < 20; i++) deep = { nested: deep };
    const typed = { types: { T: [{ name: "nested", type: "string" }] }, primaryType: "T", domain: {}, message: deep };
    expect((await post("/api/scan/typed-data", [roles.swapper, typed])).body).to.deep.equal({
      error: "invalid_request",
    });
    expect((await post("/api/scan/message", { address: roles.swapper })).body).to.deep.equal({
      error: "invalid_request",
    });
    expect((await fetch(`${world.url}/api/wallet/nope/approvals`)).status).to.equal(400);
  });
});
