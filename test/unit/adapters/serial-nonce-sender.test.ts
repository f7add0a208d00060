import { expect } from "chai";
import type { Wallet } from "ethers";
import { SerialNonceSender } from "../../../src/adapters/payment/serial-nonce-sender";

/** A wallet whose node says the first nonces were taken (another instance sent with the same key). */
function wallet(failures: Error[]) {
  const sent: number[] = [];
  let pending = 7;
  const fake = {
    address: "0x" + "1".repeat(40),
    getNonce: async () => pending,
    sendTransaction: async (request: { nonce: number }) => {
      const failure = failures.shift();
      if (failure !== undefined) {
        pending += 1; // the other instance's transaction took it
        throw failure;
      }
      sent.push(request.nonce);
      return { hash: `0xhash${request.nonce}` };
    },
  };
  return { wallet: fake as unknown as Wallet, sent };
}

describe("SerialNonceSender with a key shared by several instances", () => {
  it("a nonce taken by another instance is re-read and the send retried", async () => {
    const { wallet: w, sent } = wallet([Object.assign(new Error("nonce too low"), { code: "NONCE_EXPIRED" })]);
    const sender = new SerialNonceSender(w);
    expect(await sender.send({})).to.equal("0xhash8");
    expect(await sender.send({})).to.equal("0xhash9");
    expect(sent).to.deep.equal([8, 9]);
  });

  it("any other refusal is not retried", async () => {
    const { wallet: w, sent } = wallet([new Error("insufficient funds for gas")]);
    let refused = "";
    await new SerialNonceSender(w).send({}).catch((error: Error) => (refused = error.message));
    expect(refused).to.equal("insufficient funds for gas");
    expect(sent).to.deep.equal([]);
  });
});
