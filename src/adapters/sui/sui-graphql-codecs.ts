import * as t from "io-ts";

/** Response codecs for the documents in sui-graphql-documents.ts (only the fields we read). */

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);
const opt = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);
const AddressRef = t.type({ address: t.string });

export const OwnerCodec = nullable(
  t.intersection([t.type({ __typename: t.string }), t.partial({ address: opt(AddressRef) })]),
);
export type OwnerJson = t.TypeOf<typeof OwnerCodec>;

export const CoinInfoData = t.type({
  coinMetadata: nullable(
    t.intersection([
      t.type({ address: t.string }),
      t.partial({
        name: opt(t.string),
        symbol: opt(t.string),
        description: opt(t.string),
        iconUrl: opt(t.string),
        decimals: opt(t.number),
        supply: opt(t.string),
        supplyState: opt(t.keyof({ FIXED: null, BURN_ONLY: null })),
        regulatedState: opt(t.keyof({ REGULATED: null, UNREGULATED: null })),
        allowGlobalPause: opt(t.boolean),
        denyCap: opt(t.type({ address: t.string, owner: opt(OwnerCodec) })),
      }),
    ]),
  ),
  treasury: t.type({ nodes: t.array(t.type({ address: t.string, owner: opt(OwnerCodec) })) }),
  metadataCap: t.type({ nodes: t.array(t.type({ address: t.string })) }),
  package: opt(t.type({ previousTransaction: opt(t.type({ effects: opt(t.type({ timestamp: opt(t.string) })) })) })),
});
export type CoinInfoData = t.TypeOf<typeof CoinInfoData>;

const ActivityNode = t.type({
  digest: t.string,
  sender: opt(AddressRef),
  effects: opt(
    t.type({
      timestamp: opt(t.string),
      objectChanges: opt(t.type({ nodes: t.array(t.type({ idCreated: opt(t.boolean) })) })),
      balanceChanges: opt(t.type({ nodes: t.array(t.type({ owner: opt(AddressRef) })) })),
    }),
  ),
  kind: opt(
    t.intersection([
      t.type({ __typename: t.string }),
      t.partial({
        commands: opt(
          t.type({
            nodes: t.array(
              t.intersection([
                t.type({ __typename: t.string }),
                t.partial({ function: opt(t.type({ module: t.type({ package: AddressRef }) })) }),
              ]),
            ),
          }),
        ),
      }),
    ]),
  ),
});
export type ActivityNode = t.TypeOf<typeof ActivityNode>;

export const ActivityData = t.type({
  transactions: t.type({
    pageInfo: t.type({ hasNextPage: t.boolean, endCursor: opt(t.string) }),
    nodes: t.array(ActivityNode),
  }),
  latest: t.type({ nodes: t.array(t.type({ effects: opt(t.type({ timestamp: opt(t.string) })) })) }),
});

export const ChainNowData = t.type({
  epoch: t.type({ epochId: t.number }),
  checkpoint: t.type({ timestamp: t.string }),
});

const ObjectRefNode = t.type({ address: t.string, version: t.number, digest: t.string });
export const WritePrepData = t.type({
  epoch: t.type({ epochId: t.number, referenceGasPrice: t.string }),
  registry: nullable(
    t.type({
      address: t.string,
      owner: t.intersection([t.type({ __typename: t.string }), t.partial({ initialSharedVersion: opt(t.number) })]),
    }),
  ),
  cap: t.type({ nodes: t.array(ObjectRefNode) }),
  gas: t.type({
    nodes: t.array(
      t.intersection([
        ObjectRefNode,
        t.partial({
          asMoveObject: opt(t.type({ contents: opt(t.type({ json: opt(t.partial({ balance: t.string })) })) })),
        }),
      ]),
    ),
  }),
});
export type WritePrepData = t.TypeOf<typeof WritePrepData>;

export const ScoreUpdatesData = t.type({
  events: t.type({
    pageInfo: t.type({ hasPreviousPage: t.boolean, startCursor: opt(t.string) }),
    nodes: t.array(
      t.type({
        contents: opt(t.type({ json: opt(t.partial({ subject: t.string, epoch: t.union([t.string, t.number]) })) })),
        transaction: opt(t.type({ digest: t.string })),
      }),
    ),
  }),
});
