import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind, BlockRef } from "../../../domain/chain/chain-types";
import { type ScoreResult, scoreContract, scoreNft, scoreToken, scoreWallet } from "../../../domain/scoring";
import type { UpstreamFailure } from "../../failures";
import { ContractProfileAssembler } from "./contract-profile.assembler";
import { NftProfileAssembler } from "./nft-profile.assembler";
import { TokenProfileAssembler } from "./token-profile.assembler";
import { WalletProfileAssembler } from "./wallet-profile.assembler";

/** Assembles the profile for the address's kind and runs its scorer, with "now" = the head block's time. */
@injectable()
export class SubjectScorer {
  constructor(
    @inject(WalletProfileAssembler) private readonly wallets: WalletProfileAssembler,
    @inject(TokenProfileAssembler) private readonly tokens: TokenProfileAssembler,
    @inject(NftProfileAssembler) private readonly nfts: NftProfileAssembler,
    @inject(ContractProfileAssembler) private readonly contracts: ContractProfileAssembler,
  ) {}

  score(address: Address, kind: AddressKind, head: BlockRef): TE.TaskEither<UpstreamFailure, ScoreResult> {
    const now = head.timestamp;
    switch (kind) {
      case "eoa":
        return pipe(
          this.wallets.assemble(address, head, "full"),
          TE.map((p) => scoreWallet(p, now)),
        );
      case "erc20":
        return pipe(
          this.tokens.assemble(address, head),
          TE.map((p) => scoreToken(p, now)),
        );
      case "erc721":
      case "erc1155":
        return pipe(
          this.nfts.assemble(address, kind, head),
          TE.map((p) => scoreNft(p, now)),
        );
      case "contract":
        return pipe(
          this.contracts.assemble(address, kind, head),
          TE.map((p) => scoreContract(p, now)),
        );
    }
  }
}
