// `npm run credits:monthly`: the monthly credit booking against the local data, the same code the
// EventBridge schedule runs in AWS. Safe to repeat: each company is booked once per month.
import { StartupError } from './dynamo-local.ts';
import { withLocalData } from './local-data.ts';

async function main(): Promise<void> {
  await withLocalData(async () => {
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
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : `Monatliche Buchung fehlgeschlagen: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
