import { SuiGraphQLClient } from "@mysten/sui/graphql";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGraphQLChain } from "../../../src/adapters/sui/sui-graphql-chain.adapter";
import { asCoinType, asSuiAddress } from "../../../src/domain/sui/sui-address";
import { serveSuiGraphQL } from "../../support/sui/sui-graphql-fixture";
import { FIXTURE, fixtureWorld } from "../../support/sui/sui-fixture-world";
import { suiChainContract } from "./sui-chain.contract";

suiChainContract("SuiGraphQLChain (nock, Sui GraphQL shapes)", async () => {
  const oracleKey = new Ed25519Keypair();
  const world = fixtureWorld(oracleKey.toSuiAddress());
  const stop = serveSuiGraphQL(world);
  const client = new SuiGraphQLClient({ url: `${FIXTURE.origin}${FIXTURE.path}`, network: "testnet" });
  const target = { packageId: asSuiAddress(FIXTURE.packageId), registryId: asSuiAddress(FIXTURE.registryId) };
  return {
    chain: new SuiGraphQLChain(client, target, oracleKey),
    outsider: new SuiGraphQLChain(client, target, new Ed25519Keypair()),
    fixedCoin: asCoinType(FIXTURE.fixedCoin),
    mintableCoin: asCoinType(FIXTURE.mintableCoin),
    regulatedCoin: asCoinType(FIXTURE.regulatedCoin),
    freshCoin: asCoinType(FIXTURE.freshCoin),
    treasuryHolder: asSuiAddress(FIXTURE.deployer),
    longWallet: asSuiAddress(FIXTURE.longWallet),
    freshWallet: asSuiAddress(FIXTURE.freshWallet),
    botWallet: asSuiAddress(FIXTURE.botWallet),
    teardown: async () => stop(),
  };
});
