// The one table definition: the CDK stack and the local bootstrap both build from it.
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Attribute DynamoDB uses to expire items (throttle windows). Epoch seconds. */
  timeToLive: 'expiresAt',
  /** The stream carries new items to the `card-changed` job (card changes, functions/domain/cards/card-change.ts). */
  streamViewType: 'NEW_IMAGE',
  globalSecondaryIndexes: [
    /** Lists shown on screens: users by name, companies by org, profiles and persons of a parent. */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Ownership: every item a company owns, so deleting a company finds all of it. */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export function createTableInput(tableName: string) {
  const t = tableDefinition;
  const keyAttrs = [t.partitionKey, t.sortKey, ...t.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: t.streamViewType },
    AttributeDefinitions: keyAttrs.map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: t.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: t.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: t.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
