// `npm run credits:monthly`: the monthly credit booking against the local data, the same code the
// EventBridge schedule runs in AWS. Safe to repeat: each company is booked once per month.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal, StartupError } from './dynamo-local.ts';
import type { DynamoLocal } from './dynamo-local.ts';
import { ENDPOINT_FILE } from './endpoint-file.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');

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
async function connect(): Promise<{ endpoint: string; own?: DynamoLocal }> {
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

async function main(): Promise<void> {
  const { endpoint, own } = await connect();
  try {
    process.env.TABLE_NAME ??= 'visitenkarten';
    process.env.DYNAMODB_ENDPOINT = endpoint;
    // The job writes only to the table; the handlers' other settings are irrelevant here.
    process.env.UPLOADS_DIR ??= join(dataDir, 'uploads');
    delete process.env.UPLOADS_BUCKET;
    process.env.AUTH_SECRET ??= 'not-used-by-the-monthly-credits-job-0000';
    const { bookMonthlyCredits } = await import('../domain/credits/book-monthly-credits.ts');
    const r = await bookMonthlyCredits();
    if (r.perCard === 0) {
      console.log('MONTHLY_CREDITS_PER_CARD ist 0: die monatliche Buchung ist abgeschaltet, nichts gebucht.');
      return;
    }
    console.log(`Monatliche Credits ${r.month} (${r.perCard} pro aktiver Karte): ${r.booked} Unternehmen gebucht, ${r.alreadyBooked} waren schon gebucht, ${r.noActiveCards} ohne aktive Karten.`);
    if (r.failed > 0) {
      console.error(`${r.failed} Unternehmen konnten nicht gebucht werden (siehe Log). Einfach erneut ausführen: Gebuchtes wird nicht doppelt gebucht.`);
      process.exitCode = 1;
    }
  } finally {
    await own?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : `Monatliche Buchung fehlgeschlagen: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
