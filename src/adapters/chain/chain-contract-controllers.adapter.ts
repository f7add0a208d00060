import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import { ChainReader } from "../../application/ports/chain-reader.port";
import type { ContractControllers } from "../../application/ports/contract-controllers.port";
import { ExplorerHistory } from "../../application/ports/explorer-history.port";
import { type Address, ZERO_ADDRESS } from "../../domain/chain/address";
import { readOwner } from "./owner-discovery";
import { run } from "./run-task";
import { UpstreamError } from "./sell-simulator-calls";

/**
 * The scorer's own owner discovery (owner(), zero when renounced) and deployer lookup (the creation record: the
 * creating account and, for a factory-made contract, the sender of the creating transaction), read at the head.
 */
@injectable()
export class ChainContractControllers implements ContractControllers {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
  ) {}

  controllersOf(contract: Address): TE.TaskEither<UpstreamFailure, readonly Address[]> {
    return TE.tryCatch(
      async () => {
        const [owner, creation] = await Promise.all([
          readOwner(this.chain, contract),
          run(this.explorer.contractCreation(contract)),
        ]);
        const found = [owner, creation?.creator ?? null, creation?.origin ?? null];
        return [...new Set(found.filter((a): a is Address => a !== null && a !== ZERO_ADDRESS))];
      },
      (error): UpstreamFailure =>
        error instanceof UpstreamError
          ? error.failure
          : { _tag: "UpstreamFailure", source: "rpc", detail: `owner lookup: ${String(error)}` },
    );
  }
}
