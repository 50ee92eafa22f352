// `npm run credits:monthly`: the monthly credit booking against the local data, the same code the
// EventBridge schedule runs in AWS. Safe to repeat: each company is booked once per month.
import { join } from 'node:path';
import { StartupError } from './dynamo-local.ts';
import { connect, dataDir } from './local-data.ts';

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
