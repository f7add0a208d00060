import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodeCheckRequest } from "../../../../src/domain/gating/check-request";
import { LADDER_PRESETS } from "../../../../src/domain/gating/ladder-presets";

const WALLET = "0xAbCdEf0000000000000000000000000000000001";
const ladder = { protocolId: "p1", bands: [{ minScore: 50, capability: "borrow", maxAmount: "1000" }] };
const errorOf = (body: unknown) => {
  const decoded = decodeCheckRequest(body);
  return E.isLeft(decoded) ? decoded.left.code : "decoded";
};

describe("check request decoding", () => {
  it("decodes a caller ladder, lowercasing the wallet and defaulting network and use class", () => {
    const decoded = decodeCheckRequest({ wallet: WALLET, ladder, capability: "borrow", requestedAmount: 12.5 });
    expect(decoded).to.deep.equal(
      E.right({
        wallet: WALLET.toLowerCase(),
        network: "testnet",
        useClass: "financial_high",
        capability: "borrow",
        requestedAmount: "12.5",
        ladder: { protocolId: "p1", bands: [{ minScore: 50, capability: "borrow", maxAmount: "1000" }] },
      }),
    );
  });

  it("resolves a preset on the test network", () => {
    const decoded = decodeCheckRequest({ wallet: WALLET, ladderPreset: "example_governance" });
    expect(E.isRight(decoded) && decoded.right.ladder).to.deep.equal(LADDER_PRESETS.example_governance);
    expect(E.isRight(decoded) && decoded.right.ladderPreset).to.equal("example_governance");
  });

  it("invalid_wallet for a missing or bad wallet, and for a body that is not an object", () => {
    expect(errorOf({ ladder })).to.equal("invalid_wallet");
    expect(errorOf({ wallet: "0x123", ladder })).to.equal("invalid_wallet");
    expect(errorOf([])).to.equal("invalid_wallet");
  });

  it("ladder_required with neither ladder nor preset, with no bands, or with empty bands", () => {
    expect(errorOf({ wallet: WALLET })).to.equal("ladder_required");
    expect(errorOf({ wallet: WALLET, ladder: null })).to.equal("ladder_required");
    expect(errorOf({ wallet: WALLET, ladder: { protocolId: "p" } })).to.equal("ladder_required");
    expect(errorOf({ wallet: WALLET, ladder: { bands: [] } })).to.equal("ladder_required");
  });

  it("invalid_ladder for bad band fields or both a ladder and a preset", () => {
    const bad = [
      { bands: [{ minScore: -1, capability: "a" }] },
      { bands: [{ minScore: 101, capability: "a" }] },
      { bands: [{ minScore: 50, maxScore: 40, capability: "a" }] },
      { bands: [{ minScore: 50 }] },
      { bands: [{ minScore: 50, capability: "a", maxAmount: "-3" }] },
      { bands: [{ minScore: 50, capability: "a", maxAmount: 1e21 }] },
      { bands: "x" },
      { bands: [{ minScore: 50, capability: "a" }], minConfidence: 200 },
      { bands: [{ minScore: 50, capability: "a" }], multiFactorAcknowledged: "yes" },
      { bands: [{ minScore: 50, capability: "a" }], protocolId: "" },
      "a ladder",
    ];
    for (const candidate of bad)
      expect(errorOf({ wallet: WALLET, ladder: candidate }), JSON.stringify(candidate)).to.equal("invalid_ladder");
    expect(errorOf({ wallet: WALLET, ladder, ladderPreset: "example_lending" })).to.equal("invalid_ladder");
  });

  it("invalid_ladder_preset for an unknown preset name", () => {
    expect(errorOf({ wallet: WALLET, ladderPreset: "toString" })).to.equal("invalid_ladder_preset");
  });

  it("invalid_network, invalid_capability, invalid_amount, invalid_use_class for their fields", () => {
    expect(errorOf({ wallet: WALLET, ladder, network: "goerli" })).to.equal("invalid_network");
    expect(errorOf({ wallet: WALLET, ladder, capability: "" })).to.equal("invalid_capability");
    expect(errorOf({ wallet: WALLET, ladder, requestedAmount: "1,000" })).to.equal("invalid_amount");
    expect(errorOf({ wallet: WALLET, ladder, useClass: "vip" })).to.equal("invalid_use_class");
  });

  describe("mainnet mode", () => {
    it("forbids presets (before anything else about the ladder)", () => {
      expect(errorOf({ wallet: WALLET, network: "mainnet", ladderPreset: "example_lending" })).to.equal(
        "ladder_preset_forbidden",
      );
      expect(errorOf({ wallet: WALLET, network: "mainnet", ladderPreset: "nope", ladder })).to.equal(
        "ladder_preset_forbidden",
      );
    });

    it("requires ladder.protocolId", () => {
      const { protocolId: _omitted, ...anonymous } = ladder;
      expect(errorOf({ wallet: WALLET, network: "mainnet", ladder: anonymous })).to.equal("protocol_id_required");
      expect(errorOf({ wallet: WALLET, network: "mainnet", ladder })).to.equal("decoded");
    });
  });
});
