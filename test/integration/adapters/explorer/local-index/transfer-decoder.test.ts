import { expect } from "chai";
import { AbiCoder } from "ethers";
import {
  decodeTransfers,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
  type RawTransferLog,
} from "../../../../../src/adapters/explorer/local-index/transfer-decoder";
import { asAddress } from "../../../../../src/domain/chain/address";
import type { TxHash } from "../../../../../src/domain/chain/chain-types";

const TOKEN = asAddress("0x00000000000000000000000000000000000000aa");
const FROM = "0x0000000000000000000000001111111111111111111111111111111111111111";
const TO = "0x0000000000000000000000002222222222222222222222222222222222222222";
const OPERATOR = "0x0000000000000000000000003333333333333333333333333333333333333333";
const word = (n: bigint): string => n.toString(16).padStart(64, "0");
const log = (topics: string[], data: string): RawTransferLog => ({
  address: TOKEN,
  topics,
  data,
  logIndex: 3,
  txHash: `0x${"cd".repeat(32)}` as TxHash,
  blockNumber: 10,
  timestamp: 1_700_000_000,
});

describe("transfer log decoding", () => {
  it("reads a three-topic Transfer as ERC-20 with the amount from data", () => {
    const [transfer] = decodeTransfers(log([TRANSFER_TOPIC, FROM, TO], `0x${word(10n ** 30n)}`));
    expect(transfer).to.deep.include({
      standard: "ERC20",
      token: TOKEN,
      value: 10n ** 30n,
      logIndex: 3,
      blockNumber: 10,
    });
    expect(transfer?.from).to.equal("0x1111111111111111111111111111111111111111");
    expect(transfer?.tokenId).to.equal(undefined);
  });

  it("reads a four-topic Transfer as ERC-721 with the indexed token id", () => {
    const [transfer] = decodeTransfers(log([TRANSFER_TOPIC, FROM, TO, `0x${word(77n)}`], "0x"));
    expect(transfer).to.deep.include({ standard: "ERC721", value: 1n, tokenId: 77n });
  });

  it("reads ERC-1155 TransferSingle and expands TransferBatch", () => {
    const single = decodeTransfers(log([TRANSFER_SINGLE_TOPIC, OPERATOR, FROM, TO], `0x${word(5n)}${word(40n)}`));
    expect(single.map((t) => [t.standard, t.tokenId, t.value, t.to])).to.deep.equal([
      ["ERC1155", 5n, 40n, "0x2222222222222222222222222222222222222222"],
    ]);
    const data = AbiCoder.defaultAbiCoder().encode(
      ["uint256[]", "uint256[]"],
      [
        [1n, 2n],
        [10n, 20n],
      ],
    );
    const batch = decodeTransfers(log([TRANSFER_BATCH_TOPIC, OPERATOR, FROM, TO], data));
    expect(batch.map((t) => [t.tokenId, t.value, t.logIndex])).to.deep.equal([
      [1n, 10n, 3],
      [2n, 20n, 3],
    ]);
  });

  it("skips logs that do not have their standard's shape instead of failing the block", () => {
    expect(decodeTransfers(log([TRANSFER_TOPIC, FROM, TO], "0x"))).to.deep.equal([]);
    expect(decodeTransfers(log([TRANSFER_TOPIC, FROM], `0x${word(1n)}`))).to.deep.equal([]);
    expect(decodeTransfers(log([TRANSFER_SINGLE_TOPIC, OPERATOR, FROM, TO], `0x${word(5n)}`))).to.deep.equal([]);
    expect(decodeTransfers(log([TRANSFER_BATCH_TOPIC, OPERATOR, FROM, TO], "0x1234"))).to.deep.equal([]);
    expect(decodeTransfers(log([`0x${word(9n)}`, FROM, TO], `0x${word(1n)}`))).to.deep.equal([]);
  });
});
