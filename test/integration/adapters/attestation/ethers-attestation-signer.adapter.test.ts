import { expect } from "chai";
import { gatingSettings, testEasSigner } from "../../../support/fakes/gating-fakes";
import * as E from "fp-ts/Either";
import { AbiCoder, SigningKey, Wallet, computeAddress, concat, keccak256, toUtf8Bytes } from "ethers";
import { asAddress } from "../../../../src/domain/chain/address";
import type { AttestationPayload } from "../../../../src/domain/gating/attestation";
import { GetGatingSchema } from "../../../../src/application/use-cases/gating/get-gating-schema.use-case";
import { EthersAttestationSigner } from "../../../../src/adapters/attestation/ethers-attestation-signer.adapter";
import { infallible } from "../../../../src/application/infallible";

/*
 * An independent EIP-712 implementation, written from the published schema by hand (no
 * TypedDataEncoder, no field list imported from src): if the signer's encoding drifts from what
 * relying parties implement, this fails.
 */
const abi = AbiCoder.defaultAbiCoder();
const utf8Hash = (text: string) => keccak256(toUtf8Bytes(text));
const DOMAIN_TYPE = "EIP712Domain(string name,string version,uint256 chainId)";
const ATTESTATION_TYPE =
  "Attestation(string id,address subject,string subjectType,string useClass,uint256 chainId,uint8 score," +
  "string tier,uint8 confidence,bytes32 flagsHash,string scoringVersion,uint64 issuedAt,uint64 expiresAt," +
  "address issuer,string snapshotId,bool devSigned)";

function independentDigest(a: AttestationPayload): string {
  const domainSeparator = keccak256(
    abi.encode(
      ["bytes32", "bytes32", "bytes32", "uint256"],
      [utf8Hash(DOMAIN_TYPE), utf8Hash("Credence Attestation"), utf8Hash("1"), a.chainId],
    ),
  );
  const structHash = keccak256(
    abi.encode(
      [
        "bytes32",
        "bytes32",
        "address",
        "bytes32",
        "bytes32",
        "uint256",
        "uint8",
        "bytes32",
        "uint8",
        "bytes32",
        "bytes32",
        "uint64",
        "uint64",
        "address",
        "bytes32",
        "bool",
      ],
      [
        utf8Hash(ATTESTATION_TYPE),
        utf8Hash(a.id),
        a.subject,
        utf8Hash(a.subjectType),
        utf8Hash(a.useClass),
        a.chainId,
        a.score,
        utf8Hash(a.tier),
        a.confidence,
        a.flagsHash,
        utf8Hash(a.scoringVersion),
        a.issuedAt,
        a.expiresAt,
        a.issuer,
        utf8Hash(a.snapshotId),
        a.devSigned,
      ],
    ),
  );
  return keccak256(concat(["0x1901", domainSeparator, structHash]));
}

const independentSigner = (a: AttestationPayload, signature: string) =>
  computeAddress(SigningKey.recoverPublicKey(independentDigest(a), signature)).toLowerCase();

const wallet = Wallet.createRandom();
const signer = new EthersAttestationSigner({ privateKey: wallet.privateKey, isDevKey: false });

const payload = (overrides: Partial<AttestationPayload> = {}): AttestationPayload => ({
  id: "att_0123456789abcdef0123456789abcdef",
  subject: asAddress("0x00000000000000000000000000000000000000a1"),
  subjectType: "wallet",
  useClass: "financial_high",
  chainId: 5042002,
  score: 72,
  tier: "HIGH",
  confidence: 80,
  flagsHash: signer.flagsHash(["WASH_TRADING"]),
  scoringVersion: "testnet-wallet-v1.0",
  issuedAt: 1_750_000_000,
  expiresAt: 1_750_000_900,
  issuer: signer.issuer(),
  snapshotId: "snap_1",
  devSigned: false,
  ...overrides,
});

async function signed(p: AttestationPayload): Promise<string> {
  const signature = await signer.sign(p)();
  if (E.isLeft(signature)) throw new Error(signature.left.detail);
  return signature.right;
}

describe("EthersAttestationSigner", () => {
  it("issues as the address of its key, lowercase", () => {
    expect(signer.issuer()).to.equal(wallet.address.toLowerCase());
  });

  it("produces signatures an independent EIP-712 implementation attributes to the issuer", async () => {
    for (const p of [payload(), payload({ chainId: 1, devSigned: true, score: 0, tier: "BLOCKED", issuedAt: 0 })]) {
      expect(independentSigner(p, await signed(p))).to.equal(signer.issuer());
    }
  });

  it("agrees with the independent digest on which field changes matter", async () => {
    const original = payload();
    const signature = await signed(original);
    expect(independentSigner({ ...original, score: 73 }, signature)).to.not.equal(signer.issuer());
    expect(signer.recoverSigner({ ...original, score: 73 }, signature)).to.not.equal(signer.issuer());
    expect(signer.recoverSigner(original, signature)).to.equal(signer.issuer());
  });

  it("is what the published schema describes, and what ethers' own signTypedData produces from it", async () => {
    const schema = await infallible(
      new GetGatingSchema(signer, gatingSettings(5042002), testEasSigner(5042002)).execute(),
    );
    const published = `Attestation(${schema.types.Attestation.map((f) => `${f.type} ${f.name}`).join(",")})`;
    expect(published).to.equal(ATTESTATION_TYPE);
    expect(schema.domain).to.deep.equal({ name: "Credence Attestation", version: "1", chainId: 5042002 });
    expect(schema.issuer).to.deep.equal({ address: signer.issuer(), devSigned: false });

    const p = payload();
    const reference = await wallet.signTypedData(
      { name: schema.domain.name, version: schema.domain.version, chainId: p.chainId },
      { Attestation: schema.types.Attestation.map((f) => ({ ...f })) },
      { ...p },
    );
    expect(await signed(p)).to.equal(reference);
  });

  it("hashes flags as the EIP-712 string[] of the sorted, de-duplicated codes", () => {
    const expected = keccak256(concat([utf8Hash("A_FLAG"), utf8Hash("B_FLAG")]));
    expect(signer.flagsHash(["B_FLAG", "A_FLAG", "B_FLAG"])).to.equal(expected);
    expect(signer.flagsHash([])).to.equal("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  });

  it("recovers nobody from something that is not a signature", () => {
    expect(signer.recoverSigner(payload(), `0x${"00".repeat(65)}`)).to.equal(null);
    expect(signer.recoverSigner(payload(), "0x1234")).to.equal(null);
  });

  it("gives unpredictable, distinct ids", () => {
    const ids = new Set(Array.from({ length: 50 }, () => signer.newAttestationId()));
    expect(ids.size).to.equal(50);
    for (const id of ids) expect(id).to.match(/^att_[0-9a-f]{32}$/);
  });
});
