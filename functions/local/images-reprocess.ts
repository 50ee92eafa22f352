// `npm run images:reprocess`: every upload in the local data through today's image pipeline
// (all widths in AVIF, WebP and the original's format, vCard photo, Apple and Google pass images),
// the same code the job `images-reprocess` runs in AWS. Safe to repeat and to stop: what is done
// is skipped the next time. Works while `npm start` runs (cards keep showing their images).
import { StartupError } from './dynamo-local.ts';
import { withLocalData } from './local-data.ts';

async function main(): Promise<void> {
  await withLocalData(async () => {
    const { reprocessUploads } = await import('../domain/uploads/reprocess-uploads.ts');
    const started = performance.now();
    const r = await reprocessUploads();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Bilder neu berechnet in ${seconds} s: ${r.remade} neu erstellt, ${r.current} waren schon aktuell, ${r.failed} nicht möglich.`);
    if (r.failed > 0) {
      console.error(`${r.failed} Bilder konnten nicht neu berechnet werden (Original fehlt oder ist beschädigt; die Namen stehen im Log oben). Sie bleiben, wie sie waren.`);
    }
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof StartupError ? err.message : `Neuberechnung der Bilder fehlgeschlagen: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
