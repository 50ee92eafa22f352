// For the scripts that run a job against the local data (`npm run credits:monthly`,
// `npm run images:reprocess`): the DynamoDB Local of a running `npm start`, else one of their own.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal, StartupError } from './dynamo-local.ts';
import type { DynamoLocal } from './dynamo-local.ts';
import { ENDPOINT_FILE } from './endpoint-file.ts';

const root = resolve(import.meta.dirname, '../..');
export const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');

async function answers(endpoint: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** DYNAMODB_ENDPOINT, else the DynamoDB Local of a running `npm start`, else our own on DATA_DIR. */
export async function connect(): Promise<{ endpoint: string; own?: DynamoLocal }> {
  if (process.env.DYNAMODB_ENDPOINT) return { endpoint: process.env.DYNAMODB_ENDPOINT };
  const file = join(dataDir, ENDPOINT_FILE);
  if (existsSync(file)) {
    const endpoint = readFileSync(file, 'utf8').trim();
    if (await answers(endpoint)) return { endpoint };
  }
  if (!existsSync(join(dataDir, 'dynamodb'))) {
    throw new StartupError(`Keine lokalen Daten unter ${dataDir}. Erst "npm start" ausführen (oder DATA_DIR setzen).`);
  }
  const own = await startDynamoLocal({ dbPath: join(dataDir, 'dynamodb') });
  return { endpoint: own.endpoint, own };
}

/**
 * Runs a job against the local data: the handlers' environment (read once, at first use) points at
 * the table (TABLE_NAME, default `visitenkarten`) and the uploads folder of DATA_DIR; a DynamoDB
 * Local started for it is stopped afterwards. The token signing key is not used by jobs.
 */
export async function withLocalData<T>(job: () => Promise<T>): Promise<T> {
  const { endpoint, own } = await connect();
  try {
    process.env.TABLE_NAME ??= 'visitenkarten';
    process.env.DYNAMODB_ENDPOINT = endpoint;
    process.env.UPLOADS_DIR ??= join(dataDir, 'uploads');
    delete process.env.UPLOADS_BUCKET;
    process.env.AUTH_SECRET ??= 'not-used-by-the-local-jobs-00000000000';
    return await job();
  } finally {
    await own?.stop();
  }
}
