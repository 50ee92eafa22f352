import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../lib/table-definition.ts';

/** Creates the table from the shared definition if it does not exist yet. */
export async function ensureTable(o: { endpoint: string; tableName: string }): Promise<void> {
  const client = new DynamoDBClient({ endpoint: o.endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: o.tableName }));
      // A data folder from before the card-changed job: its table gets the stream the job reads.
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(new UpdateTableCommand({ TableName: o.tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType } }));
      }
      return;
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(o.tableName)));
    await client.send(new UpdateTimeToLiveCommand({
      TableName: o.tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLive, Enabled: true },
    }));
  } finally {
    client.destroy();
  }
}
