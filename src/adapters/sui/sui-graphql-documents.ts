/**
 * The GraphQL documents SuiGraphQLChain sends besides the SDK's own (simulateTransaction,
 * executeTransaction, getTransaction). Field names are those of Sui's GraphQL schema as shipped
 * in @mysten/sui (src/graphql/generated/schema.graphql); page sizes stay within its limit of 50.
 */

const OWNER = `owner {
  __typename
  ... on AddressOwner { address { address } }
  ... on ObjectOwner { address { address } }
}`;

export const COIN_INFO_QUERY = `query credenceCoinInfo($coinType: String!, $treasuryType: String!, $metadataCapType: String!, $package: SuiAddress!) {
  coinMetadata(coinType: $coinType) {
    address
    name
    symbol
    description
    iconUrl
    decimals
    supply
    supplyState
    regulatedState
    allowGlobalPause
    denyCap { address ${OWNER} }
  }
  treasury: objects(filter: { type: $treasuryType }, first: 1) { nodes { address ${OWNER} } }
  metadataCap: objects(filter: { type: $metadataCapType }, first: 1) { nodes { address } }
  package: object(address: $package) { previousTransaction { effects { timestamp } } }
}`;

/** Transactions per page of activity, and pages read at most (older history is marked truncated). */
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_MAX_PAGES = 10;

export const ACTIVITY_QUERY = `query credenceActivity($address: SuiAddress!, $after: String) {
  transactions(filter: { affectedAddress: $address }, first: ${ACTIVITY_PAGE_SIZE}, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      digest
      sender { address }
      effects {
        timestamp
        objectChanges(first: 10) { nodes { idCreated } }
        balanceChanges(first: 10) { nodes { owner { address } } }
      }
      kind {
        __typename
        ... on ProgrammableTransaction {
          commands(first: 10) { nodes { __typename ... on MoveCallCommand { function { module { package { address } } } } } }
        }
      }
    }
  }
  latest: transactions(filter: { affectedAddress: $address }, last: 1) { nodes { effects { timestamp } } }
}`;

export const CHAIN_NOW_QUERY = `query credenceChainNow {
  epoch { epochId }
  checkpoint { timestamp }
}`;

export const WRITE_PREP_QUERY = `query credenceWritePrep($registry: SuiAddress!, $oracle: SuiAddress!, $capType: String!) {
  epoch { epochId referenceGasPrice }
  registry: object(address: $registry) {
    address
    owner { __typename ... on Shared { initialSharedVersion } }
  }
  cap: objects(filter: { owner: $oracle, type: $capType }, first: 1) { nodes { address version digest } }
  gas: objects(filter: { owner: $oracle, type: "0x2::coin::Coin<0x2::sui::SUI>" }, first: 20) {
    nodes { address version digest asMoveObject { contents { json } } }
  }
}`;

/** TrustScoreUpdated events the oracle emitted, newest page first (to find an earlier write's digest). */
export const SCORE_UPDATES_PAGE_SIZE = 50;
export const SCORE_UPDATES_MAX_PAGES = 4;

export const SCORE_UPDATES_QUERY = `query credenceScoreUpdates($type: String!, $sender: SuiAddress!, $before: String) {
  events(filter: { type: $type, sender: $sender }, last: ${SCORE_UPDATES_PAGE_SIZE}, before: $before) {
    pageInfo { hasPreviousPage startCursor }
    nodes { contents { json } transaction { digest } }
  }
}`;
