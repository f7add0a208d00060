import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Wallet } from "ethers";
import { resolveAttestationKey } from "../../../../src/adapters/attestation/attestation-key-config";
import { isWellKnownDevKey } from "../../../../src/adapters/shared/well-known-dev-keys";

// Hardhat / Anvil accounts #0 and #19 of "test test ... junk": published in every tutorial.
const HARDHAT_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const HARDHAT_19 = "0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e";

describe("attestation key configuration", () => {
  it("recognises the well-known development keys in any spelling", () => {
    expect(isWellKnownDevKey(HARDHAT_0)).to.equal(true);
    expect(isWellKnownDevKey(HARDHAT_19)).to.equal(true);
    expect(isWellKnownDevKey(HARDHAT_0.slice(2).toUpperCase())).to.equal(true);
    expect(isWellKnownDevKey(Wallet.createRandom().privateKey)).to.equal(false);
  });

  it("refuses to start outside the embedded default without a key", () => {
    const resolved = resolveAttestationKey({ embeddedDefault: false });
    expect(E.isLeft(resolved) && resolved.left).to.match(/ATTESTATION_PRIVATE_KEY is required/);
    expect(E.isLeft(resolveAttestationKey({ embeddedDefault: false, privateKey: "  " }))).to.equal(true);
  });

  it("never accepts a well-known key outside the embedded default", () => {
    for (const privateKey of [HARDHAT_0, HARDHAT_19]) {
      const resolved = resolveAttestationKey({ embeddedDefault: false, privateKey });
      expect(E.isLeft(resolved) && resolved.left).to.match(/publicly known development key/);
    }
  });

  it("rejects a key that is not 32 bytes of hex, naming the variable", () => {
    const resolved = resolveAttestationKey({ embeddedDefault: false, privateKey: "0x1234" });
    expect(E.isLeft(resolved) && resolved.left).to.match(/^ATTESTATION_PRIVATE_KEY must be/);
  });

  it("uses the operator's key as a real (not dev) issuer", () => {
    const privateKey = Wallet.createRandom().privateKey;
    expect(resolveAttestationKey({ embeddedDefault: false, privateKey })).to.deep.equal(
      E.right({ privateKey, isDevKey: false }),
    );
    expect(resolveAttestationKey({ embeddedDefault: true, privateKey })).to.deep.equal(
      E.right({ privateKey, isDevKey: false }),
    );
  });

  it("generates a fresh dev key per process in the embedded default", () => {
    const first = resolveAttestationKey({ embeddedDefault: true });
    const second = resolveAttestationKey({ embeddedDefault: true });
    if (E.isLeft(first) || E.isLeft(second)) expect.fail("embedded default must start");
    expect(first.right.isDevKey).to.equal(true);
    expect(first.right.privateKey).to.match(/^0x[0-9a-f]{64}$/);
    expect(first.right.privateKey).to.not.equal(second.right.privateKey);
    expect(isWellKnownDevKey(first.right.privateKey)).to.equal(false);
  });

  it("marks a well-known key as dev when one is configured for the embedded default", () => {
    expect(resolveAttestationKey({ embeddedDefault: true, privateKey: HARDHAT_0 })).to.deep.equal(
      E.right({ privateKey: HARDHAT_0, isDevKey: true }),
    );
  });
});
