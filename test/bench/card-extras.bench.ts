// Budgets of issue 28 (contact exchange and taps on the public card), on the real build served by
// the local server, in Debian's Chromium:
// - the card's first visit is unchanged by the "Kontakt austauschen" button: at most 25 KB of
//   gzipped JavaScript and 5 requests before images, and none of them is the form's code;
// - the form's code is at most 10 KB gzipped and loaded only when the button is pressed;
// - a tap costs no Lambda and no write at view time: the beacon is a static file (no /api/ request
//   reaches the server, DynamoDB sees no call), the access log records it, the merge counts it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildWeb, webOutDir } from '../../web/build.ts';
import { prepareLocal } from '../../functions/local/prepare.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { createCdnLogWriter } from '../../functions/local/cdn-log-writer.ts';
import { CHROMIUM, FLAGS } from './public-card.bench.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const TAPS = 200;

async function measure(ctx: BenchContext): Promise<Record<string, Figure>> {
  // Every DynamoDB call is recorded from here on (functions/lib/db.ts capacityLog).
  process.env.TRACK_CAPACITY = '1';
  process.env.LOG_LEVEL ??= 'silent';
  delete process.env.ORIGIN_SECRET;
  await buildWeb({ onlyIfStale: true });
  const { capacityLog } = await import('../../functions/lib/db.ts');
  const adminPassword = randomBytes(12).toString('hex');
  await prepareLocal({
    endpoint: ctx.dynamoEndpoint, tableName: `bench_extras_${randomBytes(4).toString('hex')}`, uploadsDir: await mkdtemp(join(ctx.tmpDir, 'extras-uploads-')),
    authSecret: randomBytes(32).toString('hex'), adminUsername: 'admin', adminPassword, mailDir: await mkdtemp(join(ctx.tmpDir, 'extras-mail-')),
  });
  const logDir = await mkdtemp(join(ctx.tmpDir, 'extras-cdn-logs-'));
  const cdnLog = createCdnLogWriter({ dir: logDir, flushSeconds: 0 });
  const server = createLocalServer({ staticDir: webOutDir, cdnLog });
  // What reaches the "API Gateway" (a Lambda in AWS): every /api/ request the server answers.
  let apiRequests = 0;
  server.on('request', (req) => { if (req.url?.startsWith('/api/')) apiRequests++; });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(base + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const token = (await api('POST', '/api/auth', { username: 'admin', password: adminPassword })).token as string;
    const company = await api('POST', '/api/card/company', { org: 'Bench Kontakt GmbH' }, token);
    await api('POST', '/api/card/company/credit/history', { companyId: company.id, credits: 100 }, token);
    const profile = await api('POST', '/api/card/company/profil', { companyId: company.id, profilname: 'Bench', datenschutz: 'https://example.org/datenschutz' }, token);
    const card = await api('POST', '/api/card/company/person', {
      companyProfilId: profile.id, firstname: 'Erika', lastname: 'Mustermann', isActive: true,
      tel: [{ type: 'work', value: '+49 30 1234567' }], email: [{ type: 'work1', value: 'erika@example.org' }],
      social: [{ type: 'linkedin', link: 'https://www.linkedin.com/in/erika' }],
    }, token);

    // First visit, then the button.
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    let visit: { beforeImages: string[]; scripts: string[]; jsGzip: number; formOnFirstVisit: number; formScripts: string[]; formGzip: number; beacons: number };
    try {
      const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' })).newPage();
      const requests: { path: string; type: string }[] = [];
      page.on('request', (r) => requests.push({ path: new URL(r.url()).pathname, type: r.resourceType() }));
      await page.goto(`${base}/c/${card.id}`);
      await page.locator('.vc-card h1').waitFor();
      await page.getByRole('button', { name: 'Kontakt austauschen' }).waitFor();
      await page.waitForLoadState('networkidle');
      const first = [...requests];
      const scripts = first.filter((r) => r.type === 'script').map((r) => r.path);
      let jsGzip = 0;
      for (const path of scripts) jsGzip += gzipSync(await readFile(join(webOutDir, path))).length;
      const seen = requests.length;
      await page.getByRole('button', { name: 'Kontakt austauschen' }).click();
      await page.getByRole('form', { name: 'Kontakt austauschen' }).waitFor();
      const formScripts = requests.slice(seen).filter((r) => r.type === 'script').map((r) => r.path);
      let formGzip = 0;
      for (const path of formScripts) formGzip += gzipSync(await readFile(join(webOutDir, path))).length;
      // One tap through the page's own listener (the 'Kontakt speichern' link).
      const download = page.waitForEvent('download');
      await page.locator('a[data-tap="vcard"]').click();
      await download;
      await page.waitForLoadState('networkidle');
      visit = {
        beforeImages: first.filter((r) => r.type !== 'image' && !r.path.endsWith('/favicon.svg')).map((r) => r.path),
        scripts, jsGzip,
        formOnFirstVisit: first.filter((r) => r.path.includes('contact-form')).length,
        formScripts, formGzip,
        beacons: requests.filter((r) => r.path === '/tap.gif').length,
      };
    } finally {
      await browser.close();
    }

    // Taps as the listener sends them, counted at view time and after the merge.
    await cdnLog.flush();
    const apiBefore = apiRequests;
    const dbBefore = capacityLog.length;
    const kinds = ['call', 'write', 'web', 'social-linkedin', 'vcard'];
    for (let i = 0; i < TAPS; i++) {
      const res = await fetch(`${base}/tap.gif?c=${card.id}&k=${kinds[i % kinds.length]}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Bench' } });
      if (res.status !== 200) throw new Error(`Beacon: ${res.status}`);
      await res.arrayBuffer();
    }
    const tapApiRequests = apiRequests - apiBefore;
    const tapDbCalls = capacityLog.length - dbBefore;
    const logFile = (await readdir(logDir)).find((f) => f.endsWith('.open'));
    const logged = logFile ? (await readFile(join(logDir, logFile), 'utf8')).split('\n').filter((l) => l.includes('\t/tap.gif\t')).length : 0;
    const mergeStart = capacityLog.length;
    const flushed = await cdnLog.flush();
    const mergeWrites = capacityLog.slice(mergeStart).filter((c) => /Update|Put|Write/.test(c.operation)).length;
    const stats = await api('GET', `/api/card/statistic?companyId=${company.id}`, undefined, token);
    const counted = (stats.cards as { personId: string; totalTaps: number }[]).find((c) => c.personId === card.id)?.totalTaps ?? 0;

    return {
      firstVisitJsGzipKB: { value: kb(visit.jsGzip), unit: 'KB', budget: 25, direction: 'max', note: `issue 28: the card's first visit unchanged by "Kontakt austauschen" (${visit.scripts.join(', ')})` },
      requestsBeforeImages: { value: visit.beforeImages.length, unit: 'requests', budget: 5, direction: 'max', note: `issue 28: first visit unchanged (${visit.beforeImages.join(', ')})` },
      contactFormOnFirstVisit: { value: visit.formOnFirstVisit, unit: 'requests', budget: 0, direction: 'max', note: 'issue 28: the form\'s code is not loaded before the button is pressed' },
      contactFormGzipKB: { value: kb(visit.formGzip), unit: 'KB', budget: 10, direction: 'max', note: `issue 28: the form's code, loaded when the button is pressed (${visit.formScripts.join(', ') || 'nothing'})` },
      tapBeaconsPerClick: { value: visit.beacons, unit: 'requests', budget: 1, direction: 'max', note: 'one click on \'Kontakt speichern\' in Chromium sends exactly one beacon (one delegated listener)' },
      tapApiRequests: { value: tapApiRequests, unit: 'requests', budget: 0, direction: 'max', note: `issue 28: ${TAPS} taps reach no /api/ route (no Lambda in AWS): the beacon /tap.gif is a static file the CDN keeps` },
      tapDynamoCallsAtViewTime: { value: tapDbCalls, unit: 'calls', budget: 0, direction: 'max', note: `issue 28: DynamoDB calls while ${TAPS} taps are made (TRACK_CAPACITY): no write at view time` },
      tapLogLines: { value: logged, unit: 'lines', budget: TAPS, direction: 'min', note: `the local access log (CloudFront's format) recorded every beacon request of the ${TAPS}` },
      tapsCountedAfterMerge: { value: counted, unit: 'taps', budget: TAPS + 1, direction: 'min', note: `after one merge (flush: ${flushed.counted} lines counted) the statistics show the ${TAPS} taps and the page's own click` },
      tapMergeWrites: { value: mergeWrites, unit: 'writes', note: `counter writes of that merge (one card, one day: day item + rollup + manifest), whatever the number of taps` },
    };
  } finally {
    await cdnLog.stop().catch(() => undefined);
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

export default { name: 'cardExtras', measure } satisfies BenchModule;
