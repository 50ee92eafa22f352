import { resolve } from 'node:path';
import { benchApi, benchCompany, startMemoryServer } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

// Issue 14, the import tools: CSV to JSON of a 10,000-row file (German Excel: Windows-1252, `;`,
// every column of the export) and importing those 10,000 rows in the browser's batches. The
// server runs in a process of its own that samples its RSS, so the figure is the server's memory,
// not the client's copy of the answers.

const root = resolve(import.meta.dirname, '../..');
const ROWS = 10_000;
const BATCH = 100;

/** Windows-1252 bytes (German Excel's CSV); the text here holds only Latin-1 characters. */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');

function germanExcelCsv(rows: number): Buffer {
  const header = 'Nachname;Vorname;Kürzel;Position;Profil;Firmenname;Organisation;Telefon geschäftlich;Mobil;E-Mail 1;E-Mail 2;E-Mail 3;E-Mail 4;E-Mail 5;Webseite;Facebook;Instagram;LinkedIn;Xing;Straße;PLZ;Ort;Bundesland;Land;Aktiv;Erstellt am;ID';
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    lines.push([
      `Müller-${i}`, `Jörg ${i}`, 'Dr.', i % 10 === 0 ? '"Leiter\r\nVertrieb Süd"' : 'Referent Außendienst', 'Bench', 'Bench GmbH', 'Vertrieb',
      `+49 30 ${100000 + i}`, `0171 ${200000 + i}`, `joerg.${i}@beispiel.de`, '', '', '', '', 'https://beispiel.de', '', '', '', `https://www.xing.com/profile/j${i}`,
      'Hauptstraße 1', '10115', 'Berlin', '', 'Deutschland', i % 3 === 0 ? 'Nein' : 'Ja', '', '',
    ].join(';'));
  }
  return cp1252(lines.join('\r\n') + '\r\n');
}

async function measure(ctx: BenchContext): Promise<Record<string, Figure>> {
  const { base, ask, close } = await startMemoryServer({ root, tmpDir: ctx.tmpDir, dynamoEndpoint: ctx.dynamoEndpoint, tablePrefix: 'bench_tools_' });
  try {
    const api = benchApi(base);
    const { token, company, profile } = await benchCompany(api, {
      org: 'Bench GmbH', credits: ROWS * 2, profile: { profilname: 'Bench', adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' }] },
    });

    const csv = germanExcelCsv(ROWS);
    await ask('mark');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'mitarbeiter.csv');
    let t = performance.now();
    const res = await fetch(`${base}/api/convert/csvtojson`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const converted = await res.json() as { data: unknown[]; errors: unknown[]; fields: string[] };
    const csvMs = performance.now() - t;
    if (res.status !== 200 || converted.data.length !== ROWS) throw new Error(`csvtojson: ${res.status}, ${converted.data?.length} rows, ${JSON.stringify(converted.errors?.slice(0, 3))}`);
    const csvMem = await ask('report');

    await ask('mark');
    const importAll = async () => {
      const counts: Record<string, number> = {};
      const started = performance.now();
      for (let i = 0; i < converted.data.length; i += BATCH) {
        const out = await api('POST', '/api/tools/import', { companyId: company.id, profileId: profile.id, fields: converted.fields, rows: converted.data.slice(i, i + BATCH) }, token);
        for (const r of out.results as { status: string }[]) counts[r.status] = (counts[r.status] ?? 0) + 1;
      }
      return { ms: performance.now() - started, counts };
    };
    const first = await importAll();
    const importMem = await ask('report');
    if (first.counts.created !== ROWS) throw new Error(`import: ${JSON.stringify(first.counts)}`);
    const again = await importAll();
    if (again.counts.unchanged !== ROWS) throw new Error(`second import: ${JSON.stringify(again.counts)}`);
    t = performance.now();
    const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
    return {
      csvToJsonMs: {
        value: Math.round(csvMs), unit: 'ms', budget: 5000, direction: 'max',
        note: `issue 14: POST /api/convert/csvtojson of ${ROWS} rows (${mb(csv.length)} MB, Windows-1252, ';', every export column, quoted line breaks) through the local server, answer included`,
      },
      csvToJsonPeakRssDeltaMb: {
        value: mb(csvMem.peak - csvMem.baseline), unit: 'MB',
        note: `server process peak RSS above its baseline during the conversion (baseline ${mb(csvMem.baseline)} MB); rows are validated as parsed, the file is decoded once`,
      },
      importMs: {
        value: Math.round(first.ms), unit: 'ms', budget: 60_000, direction: 'max',
        note: `issue 14: importing ${ROWS} new rows in batches of ${BATCH} (as the tools screen sends them) through createPerson (counters, activation charges)`,
      },
      importPeakRssDeltaMb: {
        value: mb(importMem.peak - importMem.baseline), unit: 'MB',
        note: 'server process peak RSS above its baseline during the import (each batch reads the company\'s cards once for matching)',
      },
      reimportUnchangedMs: {
        value: Math.round(again.ms), unit: 'ms',
        note: `the same ${ROWS} rows again: every row matched and unchanged, nothing written`,
      },
    };
  } finally {
    close();
  }
}

export default { name: 'tools', measure } satisfies BenchModule;
