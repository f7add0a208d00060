import { Interface, isError, type JsonRpcProvider } from "ethers";
import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type { StablecoinBlacklist } from "../../application/ports/stablecoin-blacklist.port";
import type { Address } from "../../domain/chain/address";
import { describeError } from "../shared/http-json";

const BLACKLIST = new Interface(["function isBlacklisted(address account) view returns (bool)"]);

/**
 * FiatToken's (USDC, EURC) `isBlacklisted(address)` read with eth_call. A token without the function (a
 * revert, or no answer data) says nothing: null, not an error; a node that does not answer is one.
 */
export class EthersStablecoinBlacklist implements StablecoinBlacklist {
  constructor(
    private readonly provider: JsonRpcProvider,
    readonly token: Address,
  ) {}

  isBlacklisted(account: Address): TaskEither<UpstreamFailure, boolean | null> {
    return async () => {
      try {
        const data = BLACKLIST.encodeFunctionData("isBlacklisted", [account]);
        const result = await this.provider.call({ to: this.token, data });
        if (result === "0x" || result.length !== 66) return E.right(null);
        return E.right(BigInt(result) === 1n);
      } catch (error) {
        if (isError(error, "CALL_EXCEPTION")) return E.right(null);
        return E.left(upstreamFailure("rpc", `isBlacklisted: ${describeError(error)}`));
      }
    };
  }

  close(): void {
    this.provider.destroy();
  }
}
