import { expect } from "chai";
import { AbiCoder, id, MaxUint256, Transaction, TypedDataEncoder, verifyTypedData, Wallet, zeroPadValue } from "ethers";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import type { Hex, SimulatedLog } from "../../../../src/domain/chain/chain-types";
import { decodeEffects, EVENT_TOPICS } from "../../../../src/domain/scan/simulated-events";
import { decodeTypedData, PERMIT2_ADDRESS, type TypedData } from "../../../../src/domain/scan/typed-data-grants";
import { readMessage } from "../../../../src/domain/scan/signed-message";
import { decodeTypedDataScan } from "../../../../src/domain/scan/scan-requests";
import { PERMIT2_SINGLE_TYPES } from "../../../support/permit2-types";

const A = asAddress("0x1111111111111111111111111111111111111111");
const B = asAddress("0x2222222222222222222222222222222222222222");
const TOKEN = asAddress("0x3333333333333333333333333333333333333333");
const topic = (address: string) => zeroPadValue(address, 32).toLowerCase() as Hex;
const coder = AbiCoder.defaultAbiCoder();
const log = (topics: string[], data: string, address: Address = TOKEN): SimulatedLog => ({
  address,
  topics: topics.map((t) => t.toLowerCase() as Hex),
  data: data.toLowerCase() as Hex,
});

describe("scan decoders", () => {
  it("event topics are the keccak of the ERC-20/721/1155 event signatures", () => {
    expect(EVENT_TOPICS.transfer).to.equal(id("Transfer(address,address,uint256)"));
    expect(EVENT_TOPICS.approval).to.equal(id("Approval(address,address,uint256)"));
    expect(EVENT_TOPICS.approvalForAll).to.equal(id("ApprovalForAll(address,address,bool)"));
    expect(EVENT_TOPICS.transferSingle).to.equal(id("TransferSingle(address,address,address,uint256,uint256)"));
    expect(EVENT_TOPICS.transferBatch).to.equal(id("TransferBatch(address,address,address,uint256[],uint256[])"));
  });

  it("decodes ERC-20, ERC-721 and ERC-1155 transfers, approvals and operator approvals from logs", () => {
    const batch = coder.encode(
      ["uint256[]", "uint256[]"],
      [
        [7n, 8n],
        [2n, 3n],
      ],
    );
    const { assetChanges, approvals } = decodeEffects(
      [
        log([EVENT_TOPICS.transfer, topic(A), topic(B)], coder.encode(["uint256"], [5n])),
        log([EVENT_TOPICS.transfer, topic(A), topic(B), zeroPadValue("0x2a", 32)], "0x"),
        log([EVENT_TOPICS.transferBatch, topic(A), topic(A), topic(B)], batch),
        log([EVENT_TOPICS.approval, topic(A), topic(B)], coder.encode(["uint256"], [MaxUint256])),
        log([EVENT_TOPICS.approvalForAll, topic(A), topic(B)], coder.encode(["bool"], [false])),
        log([id("Other(uint256)")], "0x"),
      ],
      [{ from: A, to: B, value: 10n }],
    );
    expect(assetChanges).to.deep.equal([
      { asset: "native", kind: "native", from: A, to: B, amount: 10n },
      { asset: TOKEN, kind: "erc20", from: A, to: B, amount: 5n },
      { asset: TOKEN, kind: "erc721", from: A, to: B, amount: 1n, tokenId: 42n },
      { asset: TOKEN, kind: "erc1155", from: A, to: B, amount: 2n, tokenId: 7n },
      { asset: TOKEN, kind: "erc1155", from: A, to: B, amount: 3n, tokenId: 8n },
    ]);
    expect(approvals).to.deep.equal([
      { token: TOKEN, owner: A, spender: B, amount: MaxUint256, kind: "erc20", revokes: false },
      { token: TOKEN, owner: A, spender: B, amount: "all", kind: "operator", revokes: true },
    ]);
  });

  it("a Permit2 PermitSingle signed with ethers over the published types decodes to its spender, token, amount and deadline", async () => {
    const signer = Wallet.createRandom();
    const domain = { name: "Permit2", chainId: 5042002, verifyingContract: PERMIT2_ADDRESS };
    const message = {
      details: { token: TOKEN, amount: (1n << 160n) - 1n, expiration: 1_900_000_000, nonce: 0 },
      spender: B,
      sigDeadline: 1_800_000_000n,
    };
    const signature = await signer.signTypedData(domain, PERMIT2_SINGLE_TYPES, message);
    // What a wallet hands eth_signTypedData_v4: the JSON payload, as the scan route receives it.
    const payload = TypedDataEncoder.getPayload(domain, PERMIT2_SINGLE_TYPES, message);
    const request = decodeTypedDataScan([signer.address, JSON.stringify(payload)]);
    if (request._tag === "Left") throw new Error(request.left);
    // The payload we decode is the one that was signed.
    const digest = TypedDataEncoder.hash(domain, PERMIT2_SINGLE_TYPES, message);
    expect(digest).to.equal(TypedDataEncoder.hash(payload.domain, PERMIT2_SINGLE_TYPES, payload.message));
    expect(verifyTypedData(payload.domain, PERMIT2_SINGLE_TYPES, payload.message, signature)).to.equal(signer.address);
    const decoded = decodeTypedData(request.right.typedData, request.right.signer);
    expect(decoded.grants).to.deep.equal([
      {
        standard: "Permit2 PermitSingle",
        kind: "allowance",
        token: TOKEN,
        spender: B,
        amount: (1n << 160n) - 1n,
        deadline: 1_900_000_000,
      },
    ]);
  });

  it("decodes EIP-2612, DAI permits, EIP-3009 and a Seaport order that pays the offerer nothing", () => {
    const permit: TypedData = {
      types: {
        Permit: ["owner", "spender", "value", "nonce", "deadline"].map((name) => ({
          name,
          type: name === "owner" || name === "spender" ? "address" : "uint256",
        })),
      },
      primaryType: "Permit",
      domain: { name: "Permit Dollar", verifyingContract: TOKEN },
      message: { owner: A, spender: B, value: "1000", nonce: 0, deadline: "1700000000" },
    };
    expect(decodeTypedData(permit, A).grants[0]).to.include({ standard: "EIP-2612 permit", spender: B, amount: 1000n });
    const dai: TypedData = {
      ...permit,
      types: { Permit: ["holder", "spender", "nonce", "expiry", "allowed"].map((name) => ({ name, type: "uint256" })) },
      message: { holder: A, spender: B, nonce: 0, expiry: 0, allowed: true },
    };
    expect(decodeTypedData(dai, A).grants[0]).to.include({
      standard: "DAI permit",
      deadline: null,
      amount: (1n << 256n) - 1n,
    });
    const auth: TypedData = {
      types: { TransferWithAuthorization: [{ name: "from", type: "address" }] },
      primaryType: "TransferWithAuthorization",
      domain: { verifyingContract: TOKEN },
      message: { from: A, to: B, value: "7", validAfter: 0, validBefore: 1_800_000_000, nonce: "0x01" },
    };
    expect(decodeTypedData(auth, A).grants[0]).to.include({ kind: "transfer", spender: B, amount: 7n });
    const seaport: TypedData = {
      types: { OrderComponents: [{ name: "offerer", type: "address" }] },
      primaryType: "OrderComponents",
      domain: { name: "Seaport", version: "1.6" },
      message: {
        offerer: A,
        offer: [{ itemType: 2, token: TOKEN, identifierOrCriteria: "9", startAmount: "1", endAmount: "1" }],
        consideration: [
          { itemType: 0, token: A, identifierOrCriteria: 0, startAmount: "1", endAmount: "1", recipient: B },
        ],
        endTime: 1_800_000_000,
      },
    };
    const order = decodeTypedData(seaport, A);
    expect(order.grants[0]).to.include({ standard: "Seaport order", token: TOKEN, spender: B, tokenId: 9n });
    expect(order.received).to.deep.equal([]);
  });

  it("reads personal_sign messages: a raw hash, a signed-transaction payload, binary, SIWE and plain text", () => {
    expect(readMessage(id("anything")).kind).to.equal("raw-hash");
    const tx = Transaction.from({
      type: 2,
      chainId: 1,
      nonce: 0,
      to: B,
      value: 1n,
      gasLimit: 21000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
    expect(readMessage(tx.unsignedSerialized)).to.deep.equal({ kind: "transaction", txType: 2 });
    expect(readMessage("0x00ff00ff00")).to.deep.equal({ kind: "binary", bytes: 5 });
    const siwe = `app.example wants you to sign in with your Ethereum account:\n${A}\n\nSign in.\n\nURI: https://evil.example/login\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2026-01-01T00:00:00Z`;
    const reading = readMessage(`0x${Buffer.from(siwe).toString("hex")}`);
    expect(reading).to.deep.include({ kind: "siwe" });
    expect(reading.kind === "siwe" && reading.siwe).to.deep.include({
      domain: "app.example",
      address: A,
      uri: "https://evil.example/login",
      chainId: 1,
    });
    expect(readMessage("hello")).to.deep.equal({ kind: "text", text: "hello" });
  });
});
