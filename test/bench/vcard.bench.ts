import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchContext, BenchModule, Figure } from './harness.ts';
import { benchWorkerPrelude } from './harness.ts';

// Issue 13, the legacy vcard area: what a legacy person's public card costs on a CDN miss (it is
// looked up only after the V2 card read found nothing), what an unknown id costs now, and how
// long deleting a legacy company with many persons takes (page by page). Fresh process with
// TRACK_CAPACITY=1, as in public-card-api.bench.ts.

const root = resolve(import.meta.dirname, '../..');
const PERSONS = 300;

const worker = `
${benchWorkerPrelude({ root, tablePrefix: 'bench_vcard_' })}
const company = await api('POST', '/api/vcard/company', { org: 'Alt GmbH', plz: '10115', ort: 'Berlin', straße: 'Hauptstraße 1' }, token);
const ids = [];
for (let i = 0; i < ${PERSONS}; i += 20) {
  const batch = await Promise.all(Array.from({ length: 20 }, (_, j) => api('POST', '/api/vcard/person', {
    companyId: company.id, firstname: 'Vor' + (i + j), lastname: 'Nach' + (i + j), tel: [{ type: 'work', value: '+49 30 1234' }],
  }, token)));
  ids.push(...batch.map((p) => p.id));
}
capacityLog.length = 0;
const card = await fetch(base + '/api/card/' + ids[0]);
if (card.status !== 200) throw new Error('legacy card ' + card.status);
await card.arrayBuffer();
const legacyOps = capacityLog.map((c) => c.operation);
const legacyUnits = capacityLog.reduce((s, c) => s + c.capacityUnits, 0);
capacityLog.length = 0;
await (await fetch(base + '/api/card/gibt-es-nicht')).arrayBuffer();
const unknownUnits = capacityLog.reduce((s, c) => s + c.capacityUnits, 0);
const t = performance.now();
await api('DELETE', '/api/vcard/company/' + company.id, undefined, token);
const deleteMs = performance.now() - t;
console.log(JSON.stringify({ legacyOps, legacyUnits, unknownUnits, deleteMs }));
server.closeAllConnections();
server.close();
`;

async function measure(ctx: BenchContext): Promise<Record<string, Figure>> {
  const script = join(ctx.tmpDir, 'vcard-worker.mts');
  writeFileSync(script, worker);
  const r = JSON.parse(execFileSync(process.execPath, [script, ctx.dynamoEndpoint], { encoding: 'utf8', maxBuffer: 1 << 20, cwd: root }).trim().split('\n').pop()!) as {
    legacyOps: string[]; legacyUnits: number; unknownUnits: number; deleteMs: number;
  };
  return {
    legacyCardReadUnitsPerMiss: {
      value: r.legacyUnits, unit: 'RCU',
      note: `GET /api/card/{legacy person id} on a CDN miss: ${r.legacyOps.join(' + ')} (the V2 read finds nothing first)`,
    },
    unknownCardReadUnits: { value: r.unknownUnits, unit: 'RCU', note: 'an id that is no card at all: the V2 read plus the legacy read, both misses' },
    legacyCompanyDeleteMs: {
      value: Math.round(r.deleteMs), unit: 'ms',
      note: `DELETE /api/vcard/company/{id} with ${PERSONS} persons and its settings (GSI2 pages of 100) on DynamoDB Local (machine-dependent)`,
    },
  };
}

export default { name: 'vcard', measure } satisfies BenchModule;
