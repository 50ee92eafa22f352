import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchContext, BenchModule, Figure } from './harness.ts';
import { benchWorkerPrelude } from './harness.ts';

// Issue 9, the public card's API: what one CDN miss costs (DynamoDB read units, that nothing is
// written), how big the answers are, and how long the handler takes on a miss and for a 304.
// Runs in a fresh process with TRACK_CAPACITY=1, so no other bench module's DynamoDB client
// (created once per process) hides the capacity figures.

const root = resolve(import.meta.dirname, '../..');
const path = (p: string) => JSON.stringify(join(root, p));

const worker = `
${benchWorkerPrelude({ root, tablePrefix: 'bench_cardapi_' })}
import { gzipSync } from 'node:zlib';
import jpegJs from ${path('node_modules/jpeg-js/index.js')};
const company = await api('POST', '/api/card/company', { org: 'Bench GmbH', userIds: [] }, token);
await api('POST', '/api/card/company/credit/history', { companyId: company.id, credits: 10 }, token);
const profile = await api('POST', '/api/card/company/profil', {
  companyId: company.id, profilname: 'Bench', claim: 'Schnell und klar', notes: 'x'.repeat(2000),
  impressum: 'https://beispiel.de/impressum', datenschutz: 'https://beispiel.de/datenschutz',
  adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' }],
  settings: { customCss: '.name { letter-spacing: .02em }\\n'.repeat(200) },
}, token);
// A photo-like upload (gradients and texture, as a camera picture compresses): the vCard embeds
// its small JPEG variant.
const w = 1600, h = 1200, px = Buffer.alloc(w * h * 4);
for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
  const i = (y * w + x) * 4;
  px[i] = (x * 7 + y) & 255; px[i + 1] = (Math.sin(x / 30) * 120 + 128) | 0; px[i + 2] = (y * 3 + ((x * y) & 15)) & 255; px[i + 3] = 255;
}
const form = new FormData();
form.append('image', new Blob([jpegJs.encode({ width: w, height: h, data: px }, 90).data], { type: 'image/jpeg' }), 'foto.jpg');
const upload = await (await fetch(base + '/api/upload/' + company.id, { method: 'POST', body: form, headers: { authorization: 'Bearer ' + token } })).json();
const card = await api('POST', '/api/card/company/person', {
  companyProfilId: profile.id, adresseId: profile.adressen[0].adresseId, firstname: 'Jürgen', lastname: 'Weiß', nice: 'Dr.',
  position: 'Geschäftsführer', image: upload.filename,
  tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
  email: [{ type: 'work1', value: 'juergen@beispiel.de' }], social: [{ type: 'xing', link: 'https://www.xing.com/profile/jw' }],
}, token);

capacityLog.length = 0;
const first = await fetch(base + '/api/card/' + card.id);
const json = Buffer.from(await first.arrayBuffer());
const ops = capacityLog.map((c) => c.operation);
const units = capacityLog.reduce((s, c) => s + c.capacityUnits, 0);
const etag = first.headers.get('etag');
const vcard = Buffer.from(await (await fetch(base + '/api/card/' + card.id + '/vcard')).arrayBuffer());
const time = async (headers) => {
  const runs = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const r = await fetch(base + '/api/card/' + card.id, { headers });
    await r.arrayBuffer();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
};
const missMs = await time({});
const notModifiedMs = await time({ 'if-none-match': etag });
console.log(JSON.stringify({ ops, units, writes: ops.filter((o) => !/^(Get|BatchGet|Query)/.test(o)).length, jsonBytes: json.length, jsonGzip: gzipSync(json).length, vcardBytes: vcard.length, missMs, notModifiedMs }));
server.closeAllConnections();
server.close();
`;

async function measure(ctx: BenchContext): Promise<Record<string, Figure>> {
  const script = join(ctx.tmpDir, 'public-card-api-worker.mts');
  writeFileSync(script, worker);
  const r = JSON.parse(execFileSync(process.execPath, [script, ctx.dynamoEndpoint], { encoding: 'utf8', maxBuffer: 1 << 20, cwd: root }).trim().split('\n').pop()!) as {
    ops: string[]; units: number; writes: number; jsonBytes: number; jsonGzip: number; vcardBytes: number; missMs: number; notModifiedMs: number;
  };
  return {
    readUnitsPerMiss: {
      value: r.units, unit: 'RCU', budget: 3, direction: 'max',
      note: `DynamoDB read units of one GET /api/card/{id} that reaches the Lambda (CDN miss): ${r.ops.join(' + ')}, eventually consistent; views served by the CDN cost none`,
    },
    writesPerView: { value: r.writes, unit: 'calls', budget: 0, direction: 'max', note: 'issue 9: the public card route performs no write of any kind' },
    cardJsonBytes: { value: r.jsonBytes, unit: 'bytes', note: `the card JSON with 6 KB of customCss; ${r.jsonGzip} bytes gzipped` },
    vcardBytes: {
      value: r.vcardBytes, unit: 'bytes', budget: 150 * 1024, direction: 'max',
      note: 'issue 9: the vCard with its embedded photo (the upload\'s vcard JPEG of a textured 1600x1200 photo) stays under 150 KB',
    },
    handlerMissMedianMs: { value: Math.round(r.missMs * 10) / 10, unit: 'ms', note: 'local server + handler + DynamoDB Local, median of 40 (machine-dependent; compare with the DynamoDB baseline)' },
    handler304MedianMs: { value: Math.round(r.notModifiedMs * 10) / 10, unit: 'ms', note: 'the same with a matching If-None-Match (the handler still reads; the CDN answers these itself)' },
  };
}

export default { name: 'publicCardApi', measure } satisfies BenchModule;
