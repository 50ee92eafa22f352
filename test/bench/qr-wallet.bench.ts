// Budget of the public QR wallet page /qr/:id/:signature (issue 11: small and fast like /c/:id,
// same budget as issue 9): first-visit JavaScript, requests before images, no other host,
// Lighthouse mobile performance and accessibility. Same server, card and browser as the /c/ bench.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildWeb, webOutDir } from '../../web/build.ts';
import { median } from './harness.ts';
import type { BenchModule, Figure } from './harness.ts';
import { CHROMIUM, FLAGS, createCard, lighthouseScores, startServer } from './public-card.bench.ts';
import { configureTestWallets } from '../helpers/wallet-fakes.ts';

async function firstVisit(url: string, origin: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const requests: { url: string; type: string }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }));
    const started = Date.now();
    await page.goto(url);
    await page.locator('.qrw h1').waitFor();
    const namesMs = Date.now() - started;
    // Choosing a platform shows its code at once: the codes came with the page's one API answer.
    const before = requests.length;
    await page.getByRole('button', { name: 'Apple' }).click();
    await page.locator('.qrw-code img').waitFor();
    const requestsOnChoice = requests.slice(before).filter((r) => !r.url.startsWith('data:')).length;
    await page.waitForLoadState('networkidle');
    const scripts = requests.filter((r) => r.type === 'script').map((r) => new URL(r.url).pathname);
    let jsGzip = 0;
    for (const path of scripts) jsGzip += gzipSync(await readFile(join(webOutDir, path))).length;
    return {
      beforeImages: requests.filter((r) => r.type !== 'image' && !r.url.endsWith('/favicon.svg')),
      otherHosts: requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:')).length,
      scripts,
      jsGzip,
      namesMs,
      requestsOnChoice,
    };
  } finally {
    await browser.close();
  }
}

const bench: BenchModule = {
  name: 'qrWalletPage',
  async measure(ctx) {
    await buildWeb({ onlyIfStale: true });
    // The page offers a platform only when its wallet works.
    configureTestWallets();
    const s = await startServer(ctx);
    try {
      const { id } = await createCard(s);
      const { signature } = await s.api('GET', `/api/wallet/signature/${id}`, undefined, s.token);
      const url = `${s.baseUrl}/qr/${id}/${signature}`;
      const visit = await firstVisit(url, s.baseUrl);
      const runs = [await lighthouseScores(url), await lighthouseScores(url), await lighthouseScores(url)];
      const mid = <K extends keyof (typeof runs)[number]>(k: K) => median(runs.map((r) => r[k]));
      const kb = (b: number) => Math.round((b / 1024) * 10) / 10;
      return {
        firstVisitJsGzipKB: { value: kb(visit.jsGzip), unit: 'KB', budget: 25, direction: 'max', note: `issue 23 (budget of /c/:id; issue 11 said 80): gzipped JavaScript on a first visit of /qr/:id/:signature (${visit.scripts.join(', ')})` },
        requestsBeforeImages: { value: visit.beforeImages.length, unit: 'requests', budget: 5, direction: 'max', note: `issue 11: as /c/:id, at most 5 requests before images (${visit.beforeImages.map((r) => new URL(r.url).pathname).join(', ')})` },
        requestsToOtherHosts: { value: visit.otherHosts, unit: 'requests', budget: 0, direction: 'max', note: 'issue 11: no request to any other host' },
        requestsOnPlatformChoice: { value: visit.requestsOnChoice, unit: 'requests', budget: 0, direction: 'max', note: 'choosing Apple/Android shows the QR code without another request (codes come as SVG with the page data)' },
        namesVisibleMs: { value: visit.namesMs, unit: 'ms', note: 'first visit, local server, no throttling: navigation to the name heading' },
        lighthousePerformance: { value: mid('performance'), unit: 'score', budget: 95, direction: 'min', note: `issue 11 (as issue 9): Lighthouse mobile, median of 3 runs (${runs.map((r) => r.performance).join(', ')})` },
        lighthouseAccessibility: { value: mid('accessibility'), unit: 'score', budget: 100, direction: 'min', note: `Lighthouse accessibility, median of the same runs (${runs.map((r) => r.accessibility).join(', ')})` },
        lighthouseLcpMs: { value: Math.round(mid('lcpMs')), unit: 'ms', note: 'Largest Contentful Paint, median of the runs (simulated)' },
      } satisfies Record<string, Figure>;
    } finally {
      await s.close();
    }
  },
};

export default bench;
