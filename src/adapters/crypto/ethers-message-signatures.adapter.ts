import { verifyMessage } from "ethers";
import { injectable } from "inversify";
import type { MessageSignatures } from "../../application/ports/message-signatures.port";
import { type Address, parseAddress } from "../../domain/chain/address";

/** EIP-191 personal_sign recovery with ethers; a signature that does not recover is null, never a throw. */
@injectable()
export class EthersMessageSignatures implements MessageSignatures {
  recoverPersonalSigner(message: string, signature: string): Address | null {
    try {
      return parseAddress(verifyMessage(message, signature)) ?? null;
    } catch {
      return null;
    }
  }
}
