import { expect } from "chai";
import {
  Contract,
  Signature,
  TypedDataEncoder,
  Wallet,
  hexlify,
  randomBytes,
  type JsonRpcProvider,
  type Log,
} from "ethers";
import type { DevWorld } from "../../../src/dev-world/dev-world";
import { devAccounts } from "../../../src/dev-world/embedded-chain";
import { EURC_ADDRESS, USDC_ADDRESS } from "../../../src/dev-world/world/fiat-tokens";
import { httpProvider, sharedDevWorld, sharedDevWorldStartedAt } from "./dev-world-fixture";

const FIAT_ABI = [
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function version() view returns (string)",
  "function balanceOf(address) view returns (uint256)",
  "function allowance(address,address) view returns (uint256)",
  "function nonces(address) view returns (uint256)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function eip712Domain() view returns (bytes1,string,string,uint256,address,bytes32,uint256[])",
  "function authorizationState(address,bytes32) view returns (bool)",
  "function transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
  "function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
  "function cancelAuthorization(address,bytes32,uint8,bytes32,bytes32)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
];
const TRANSFER_WITH_AUTHORIZATION = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
};

describe("dev world: chain identity and stablecoins", function () {
  this.timeout(120_000);
  let world: DevWorld;
  let provider: JsonRpcProvider;
  let usdc: Contract;
  const keys = devAccounts(20);
  const domain = { name: "USDC", version: "2", chainId: 5042002, verifyingContract: USDC_ADDRESS };

  before(async () => {
    world = await sharedDevWorld();
    provider = httpProvider(world);
    usdc = new Contract(USDC_ADDRESS, FIAT_ABI, provider);
    console.log(`      seeded world timings: ${JSON.stringify(world.timings)}`);
  });
  after(() => provider.destroy());

  it("serves chainId 5042002 over HTTP JSON-RPC", async () => {
    expect(await provider.send("eth_chainId", [])).to.equal("0x4cef52");
  });

  it("funds every dev account with gas, USDC and EURC", async () => {
    const eurc = new Contract(EURC_ADDRESS, FIAT_ABI, provider);
    expect(world.manifest.devAccounts.addresses).to.have.length(20);
    for (const address of world.manifest.devAccounts.addresses) {
      expect((await provider.getBalance(address)) > 10n ** 21n, `gas of ${address}`).to.equal(true);
      expect((await usdc.getFunction("balanceOf")(address)) >= 900_000n * 10n ** 6n, `USDC of ${address}`).to.equal(
        true,
      );
      expect(await eurc.getFunction("balanceOf")(address)).to.equal(1_000_000n * 10n ** 6n);
    }
  });

  it("puts USDC at 0x3600…0000 with 6 decimals and the EIP-712 domain USDC / 2", async () => {
    expect(await usdc.getFunction("name")()).to.equal("USDC");
    expect(await usdc.getFunction("decimals")()).to.equal(6n);
    expect(await usdc.getFunction("version")()).to.equal("2");
    const [, name, version, chainId, verifyingContract] = await usdc.getFunction("eip712Domain")();
    expect([name, version, chainId, verifyingContract.toLowerCase()]).to.deep.equal([
      "USDC",
      "2",
      5042002n,
      USDC_ADDRESS,
    ]);
    expect(await usdc.getFunction("DOMAIN_SEPARATOR")()).to.equal(TypedDataEncoder.hashDomain(domain));
  });

  it("puts EURC at its fixed address with its own domain name", async () => {
    const eurc = new Contract(EURC_ADDRESS, FIAT_ABI, provider);
    expect(await eurc.getFunction("symbol")()).to.equal("EURC");
    expect(await eurc.getFunction("decimals")()).to.equal(6n);
  });

  it("settles a transferWithAuthorization signed with signTypedData and marks the nonce used", async () => {
    const payer = new Wallet(keys[world.manifest.devAccounts.payerIndex]!.privateKey, provider);
    const settler = new Wallet(keys[world.manifest.devAccounts.settlerIndex]!.privateKey, provider);
    const now = Math.floor(Date.now() / 1000);
    const message = {
      from: payer.address,
      to: world.manifest.payee,
      value: 1_250_000n,
      validAfter: now - 600,
      validBefore: now + 600,
      nonce: hexlify(randomBytes(32)),
    };
    const signature = Signature.from(await payer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION, message));
    const balanceOf = usdc.getFunction("balanceOf");
    const [payerBefore, payeeBefore] = [await balanceOf(payer.address), await balanceOf(world.manifest.payee)];

    const submit = (usdc.connect(settler) as Contract).getFunction("transferWithAuthorization");
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature.v,
      signature.r,
      signature.s,
    ];
    const receipt = await (await submit(...args)).wait();

    expect(receipt?.status).to.equal(1);
    expect(await balanceOf(payer.address)).to.equal(payerBefore - 1_250_000n);
    expect(await balanceOf(world.manifest.payee)).to.equal(payeeBefore + 1_250_000n);
    expect(await usdc.getFunction("authorizationState")(payer.address, message.nonce)).to.equal(true);
    expect(receipt?.logs.map((l: Log) => usdc.interface.parseLog(l)?.name)).to.include("AuthorizationUsed");
    let replayError: unknown;
    await submit.staticCall(...args).catch((e: unknown) => (replayError = e));
    expect(String(replayError)).to.contain("authorization is used or canceled");
  });

  it("rejects an authorization signed by someone other than `from`", async () => {
    const payer = keys[world.manifest.devAccounts.payerIndex]!;
    const impostor = new Wallet(keys[9]!.privateKey, provider);
    const now = Math.floor(Date.now() / 1000);
    const message = {
      from: payer.address,
      to: impostor.address,
      value: 1n,
      validAfter: 0,
      validBefore: now + 600,
      nonce: hexlify(randomBytes(32)),
    };
    const signature = Signature.from(await impostor.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION, message));
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature.v,
      signature.r,
      signature.s,
    ];
    let error: unknown;
    await (usdc.connect(impostor) as Contract)
      .getFunction("transferWithAuthorization")
      .staticCall(...args)
      .catch((e: unknown) => (error = e));
    expect(String(error)).to.contain("invalid signature");
  });

  it("cancels an unused authorization, after which it can no longer be settled", async () => {
    const payer = new Wallet(keys[4]!.privateKey, provider);
    const nonce = hexlify(randomBytes(32));
    const types = {
      CancelAuthorization: [
        { name: "authorizer", type: "address" },
        { name: "nonce", type: "bytes32" },
      ],
    };
    const sig = Signature.from(await payer.signTypedData(domain, types, { authorizer: payer.address, nonce }));
    const token = usdc.connect(payer) as Contract;
    await (
      await token.getFunction("cancelAuthorization(address,bytes32,uint8,bytes32,bytes32)")(
        payer.address,
        nonce,
        sig.v,
        sig.r,
        sig.s,
      )
    ).wait();
    expect(await usdc.getFunction("authorizationState")(payer.address, nonce)).to.equal(true);

    const message = {
      from: payer.address,
      to: keys[5]!.address,
      value: 1n,
      validAfter: 0,
      validBefore: Math.floor(Date.now() / 1000) + 600,
      nonce,
    };
    const auth = Signature.from(await payer.signTypedData(domain, TRANSFER_WITH_AUTHORIZATION, message));
    let error: unknown;
    await token
      .getFunction("transferWithAuthorization")
      .staticCall(message.from, message.to, 1n, 0, message.validBefore, nonce, auth.v, auth.r, auth.s)
      .catch((e: unknown) => (error = e));
    expect(String(error)).to.contain("authorization is used or canceled");
  });

  it("sets an allowance from an EIP-2612 permit", async () => {
    const owner = new Wallet(keys[5]!.privateKey, provider);
    const spender = keys[6]!.address;
    const nonce = await usdc.getFunction("nonces")(owner.address);
    const permit = { owner: owner.address, spender, value: 777n, nonce, deadline: Math.floor(Date.now() / 1000) + 600 };
    const types = {
      Permit: ["owner", "spender", "value", "nonce", "deadline"].map((name, i) => ({
        name,
        type: i < 2 ? "address" : "uint256",
      })),
    };
    const sig = Signature.from(await owner.signTypedData(domain, types, permit));
    const tx = await (usdc.connect(owner) as Contract).getFunction("permit")(
      owner.address,
      spender,
      777n,
      permit.deadline,
      sig.v,
      sig.r,
      sig.s,
    );
    await tx.wait();
    expect(await usdc.getFunction("allowance")(owner.address, spender)).to.equal(777n);
  });

  it("ends the seeded history at the wall clock, 200 days after a genesis at UTC midnight", async () => {
    const genesis = await provider.getBlock(0);
    const head = await provider.getBlock("latest");
    const now = Math.floor(Date.now() / 1000);
    // Mined at the wall clock of the start (or later, by other files' transactions): bounded by when the world was
    // asked for and now, not by how long this file took to get here on a loaded machine.
    expect(head?.timestamp ?? 0).to.be.within(sharedDevWorldStartedAt() - 5, now + 5);
    expect(now - (genesis?.timestamp ?? now)).to.be.within(200 * 86_400, 201 * 86_400);
    expect((genesis?.timestamp ?? 1) % 86_400).to.equal(0);
    expect(world.manifest.time.genesisTimestamp).to.equal(genesis?.timestamp);
  });

  it("mines transactions sent after startup straight away (automine is back on)", async () => {
    const sender = new Wallet(keys[7]!.privateKey, provider);
    const receipt = await (await sender.sendTransaction({ to: keys[8]!.address, value: 1n })).wait();
    const block = await provider.getBlock(receipt?.blockNumber ?? 0);
    expect(receipt?.status).to.equal(1);
    expect(Math.abs((block?.timestamp ?? 0) - Date.now() / 1000)).to.be.lessThan(120);
  });
});
