// Budgets of the public card page /c/:id (issue 9): first-visit JavaScript, requests before
// images, no back-office code/zod/router in its chunks, Lighthouse mobile performance and
// accessibility. Measured on the real build served by the local server, in Debian's Chromium.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWeb, webOutDir } from '../../web/build.ts';
import { prepareLocal } from '../../functions/local/prepare.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { cropAndUpload } from '../helpers/cropper.ts';
import { croppedPortraitJpeg, portraitJpeg, wordmarkPng } from '../helpers/photo.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same no-network flags as the browser tests (test/helpers/browser.ts). */
export const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];
/**
 * Modules that must never reach the public page: back office, API client, the message catalogue
 * (only the card's own few texts, shared/messages/card.ts, may), schemas, zod, router, react-dom.
 */
const FORBIDDEN = /node_modules\/(zod|react-router|react-dom|@tanstack|react-hot-toast|cropperjs|react-cropper)\/|web\/src\/(pages|layout|api|components|state)\/|web\/src\/(router|main|guards|session)\.tsx?$|shared\/messages\.ts$|shared\/messages\/(?!card\.ts$)|shared\/(schemas|api)\//;

const portrait = portraitJpeg;
const croppedPortrait = croppedPortraitJpeg;
const wordmark = wordmarkPng;

export async function startServer(ctx: BenchContext) {
  const uploadsDir = await mkdtemp(join(ctx.tmpDir, 'card-uploads-'));
  const adminPassword = randomBytes(12).toString('hex');
  delete process.env.ORIGIN_SECRET;
  process.env.LOG_LEVEL ??= 'silent';
  await prepareLocal({
    endpoint: ctx.dynamoEndpoint, tableName: `bench_card_${randomBytes(4).toString('hex')}`, uploadsDir,
    authSecret: randomBytes(32).toString('hex'), adminUsername: 'admin', adminPassword,
  });
  const server = createLocalServer({ staticDir: webOutDir });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const token = (await api('POST', '/api/auth', { username: 'admin', password: adminPassword })).token as string;
  return { baseUrl, api, token, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A company with credits and one user of it (password known: the browser signs in with it). */
async function companyWithUser(s: Server) {
  const user = { username: `bench-${randomBytes(4).toString('hex')}`, password: 'Tulpe-Wolke-Kiesel-42' };
  const created = await s.api('POST', '/api/user', { ...user, email: `${user.username}@beispiel.de`, firstname: 'Bench', lastname: 'Nutzer', userGroupId: 'user' }, s.token);
  const company = await s.api('POST', '/api/card/company', { org: 'Weiß & Söhne', userIds: [created.id] }, s.token);
  await s.api('POST', '/api/card/company/credit/history', { companyId: company.id, credits: 10 }, s.token);
  return { companyId: company.id as string, user };
}

/**
 * The photo and the logo uploaded as a user does: through the card form's and the profile form's
 * cropper in Chromium (default crop, the browser's own JPEG/PNG export).
 */
async function uploadThroughForms(s: Server, o: { user: { username: string; password: string } }): Promise<{ photo: string; logo: string; photoSent: { contentType: string; bytes: number } }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' })).newPage();
    await page.goto(`${s.baseUrl}/`);
    await page.getByLabel('Benutzername').fill(o.user.username);
    await page.getByLabel('Passwort').fill(o.user.password);
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.waitForURL('**/v2/card/visitenkarte');
    await page.goto(`${s.baseUrl}/v2/card/profil/add`);
    await page.getByRole('tab', { name: 'Logos' }).click();
    const logo = await cropAndUpload(page, 'Logo', { name: 'wortmarke.png', mimeType: 'image/png', buffer: await wordmark() });
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/add`);
    const photo = await cropAndUpload(page, 'Foto', { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
    return { photo: photo.filename, logo: logo.filename, photoSent: { contentType: photo.sent.contentType, bytes: photo.sent.bytes.length } };
  } finally {
    await browser.close();
  }
}

/**
 * A card as a company would publish it: photo, logo, contacts, address, legal links. The images
 * come through the forms' cropper when `viaForms`, else as the same crops through the API.
 */
export async function createCard(s: Server, o: { viaForms?: boolean } = {}): Promise<{ id: string; photo: string; photoSent?: { contentType: string; bytes: number } }> {
  const { companyId, user } = await companyWithUser(s);
  let images: { photo: string; logo: string; photoSent?: { contentType: string; bytes: number } };
  if (o.viaForms) images = await uploadThroughForms(s, { user });
  else {
    const upload = async (data: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)], { type }), name);
      return (await s.api('POST', `/api/upload/${companyId}`, form, s.token)).filename as string;
    };
    images = { photo: await upload(await croppedPortrait(), 'image/jpeg', 'image.jpg'), logo: await upload(await wordmark(), 'image/png', 'logo.png') };
  }
  const profile = await s.api('POST', '/api/card/company/profil', {
    companyId, profilname: 'Standard', firmenname: 'Weiß & Söhne GmbH', claim: 'Seit 1920 in Berlin', logo: images.logo,
    url: 'https://weiss-soehne.example', impressum: 'https://weiss-soehne.example/impressum', datenschutz: 'https://weiss-soehne.example/datenschutz',
    adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' }],
    settings: { theme: 'the-vcard', person: { background: '#8d0a23', color: '#ffffff' }, logo: { top: 12, height: 40 } },
  }, s.token);
  const card = await s.api('POST', '/api/card/company/person', {
    companyProfilId: profile.id, adresseId: profile.adressen[0].adresseId, firstname: 'Jürgen', lastname: 'Weiß', position: 'Geschäftsführer', image: images.photo,
    tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
    email: [{ type: 'work1', value: 'juergen@weiss-soehne.example' }],
    social: [{ type: 'xing', link: 'https://www.xing.com/profile/jw' }, { type: 'linkedin', link: 'https://www.linkedin.com/in/jw' }],
  }, s.token);
  return { id: card.id as string, photo: images.photo, ...(images.photoSent ? { photoSent: images.photoSent } : {}) };
}

/** What a 390x844 phone at DPR 3 loads of the card's photo: the file it picked and its bytes. */
async function photoOnPhone(url: string, photo: string): Promise<{ file: string; bytes: number; imageBytes: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })).newPage();
    const images: { path: string; bytes: Promise<number> }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'image') images.push({ path: new URL(r.url()).pathname, bytes: r.body().then((b) => b.length) });
    });
    await page.goto(url);
    await page.locator('.vc-card h1').waitFor();
    await page.waitForLoadState('networkidle');
    const stem = photo.slice(0, photo.indexOf('.'));
    const found = images.filter((i) => i.path.includes(stem));
    if (found.length !== 1) throw new Error(`Foto ${found.length}-mal geladen: ${found.map((i) => i.path).join(', ')}`);
    const all = await Promise.all(images.map((i) => i.bytes));
    return { file: found[0]!.path.split('/').pop()!, bytes: await found[0]!.bytes, imageBytes: all.reduce((a, b) => a + b, 0) };
  } finally {
    await browser.close();
  }
}

/** A first visit in Chromium: what is requested until the card stands, and the JS bytes (gzip, as the CDN serves them). */
async function firstVisit(url: string, origin: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const requests: { url: string; type: string }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }));
    await page.goto(url);
    await page.locator('.vc-card h1').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = requests.filter((r) => r.type === 'script').map((r) => new URL(r.url).pathname);
    let jsGzip = 0;
    for (const path of scripts) jsGzip += gzipSync(await readFile(join(webOutDir, path))).length;
    return {
      beforeImages: requests.filter((r) => r.type !== 'image' && !r.url.endsWith('/favicon.svg')),
      otherHosts: requests.filter((r) => !r.url.startsWith(origin)).length,
      scripts,
      jsGzip,
    };
  } finally {
    await browser.close();
  }
}

/** Every module bundled into the public page's files (from the source maps), that the pattern forbids. */
async function forbiddenModules(): Promise<string[]> {
  const dir = join(webOutDir, 'assets/card');
  const maps = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js.map'));
  const bad = new Set<string>();
  for (const map of maps) {
    const { sources } = JSON.parse(await readFile(join(dir, map), 'utf8')) as { sources: string[] };
    for (const src of sources) if (FORBIDDEN.test(src.replaceAll('\\', '/'))) bad.add(src.replace(/^(\.\.\/)+/, ''));
  }
  return [...bad].sort();
}

export async function lighthouseScores(url: string): Promise<{ performance: number; accessibility: number; lcpMs: number; tbtMs: number; benchmarkIndex: number }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    // Defaults: mobile form factor, simulated slow 4G and 4x CPU slowdown.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const lhr = result!.lhr;
    const failedA11y = Object.values(lhr.audits).filter((a) => a.score === 0 && lhr.categories.accessibility!.auditRefs.some((r) => r.id === a.id)).map((a) => a.id);
    if (failedA11y.length) console.log(`\n  Lighthouse accessibility audits failed: ${failedA11y.join(', ')}`);
    return {
      performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
      // Lighthouse's own CPU benchmark of this machine: its simulation scales CPU work by it.
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

const bench: BenchModule = {
  name: 'publicCard',
  async measure(ctx) {
    await buildWeb({ onlyIfStale: true });
    const s = await startServer(ctx);
    try {
      // Issue 20: the photo and the logo as a user uploads them, through the forms' cropper.
      const card = await createCard(s, { viaForms: true });
      const url = `${s.baseUrl}/c/${card.id}`;
      const visit = await firstVisit(url, s.baseUrl);
      const bad = await forbiddenModules();
      const phone = await photoOnPhone(url, card.photo);
      // Lighthouse varies from run to run on a shared machine: the median of three runs, as its docs advise.
      const runs = [await lighthouseScores(url), await lighthouseScores(url), await lighthouseScores(url)];
      const mid = <K extends keyof (typeof runs)[number]>(k: K) => median(runs.map((r) => r[k]));
      const lh = { performance: mid('performance'), accessibility: mid('accessibility'), lcpMs: mid('lcpMs'), tbtMs: mid('tbtMs'), benchmarkIndex: mid('benchmarkIndex') };
      const kb = (b: number) => Math.round((b / 1024) * 10) / 10;
      const cropper = `photo: a 1200x1600 photo-like JPEG cropped in the card form (the browser sent ${card.photoSent!.contentType}, ${kb(card.photoSent!.bytes)} KB), logo: a 3:1 wordmark PNG through the profile form`;
      return {
        firstVisitJsGzipKB: { value: kb(visit.jsGzip), unit: 'KB', budget: 25, direction: 'max', note: `issue 23 (issue 9 said 80): at most 25 KB gzipped JavaScript on a first visit of /c/:id (${visit.scripts.join(', ')})` },
        requestsBeforeImages: { value: visit.beforeImages.length, unit: 'requests', budget: 5, direction: 'max', note: `issue 9: at most 5 requests before images (${visit.beforeImages.map((r) => new URL(r.url).pathname).join(', ')})` },
        requestsToOtherHosts: { value: visit.otherHosts, unit: 'requests', budget: 0, direction: 'max', note: 'issue 9: no request to any other host' },
        forbiddenModules: { value: bad.length, unit: 'modules', budget: 0, direction: 'max', note: `issue 9: no back-office module, zod or router in the public page's chunks${bad.length ? `: ${bad.slice(0, 10).join(', ')}` : ''}` },
        photoBytesPhoneDpr3KB: { value: kb(phone.bytes), unit: 'KB', budget: 60, direction: 'max', note: `issue 20: bytes of the photo a 390x844 phone at DPR 3 loads (${phone.file}); all images of the card together ${kb(phone.imageBytes)} KB; ${cropper}` },
        lighthousePerformance: { value: lh.performance, unit: 'score', budget: 98, direction: 'min', note: `issue 20 (issue 9: 95): Lighthouse mobile (simulated slow 4G, 4x CPU) in Debian Chromium, card with photo and logo from the cropper; median of 3 runs (${runs.map((r) => r.performance).join(', ')})` },
        lighthouseAccessibility: { value: lh.accessibility, unit: 'score', budget: 100, direction: 'min', note: `issue 9: Lighthouse accessibility, median of the same runs (${runs.map((r) => r.accessibility).join(', ')})` },
        lighthouseLcpMs: { value: Math.round(lh.lcpMs), unit: 'ms', budget: 1500, direction: 'max', note: `issue 20: Largest Contentful Paint (simulated), median of the runs (${runs.map((r) => Math.round(r.lcpMs)).join(', ')})` },
        lighthouseTbtMs: { value: Math.round(lh.tbtMs), unit: 'ms', note: 'Total Blocking Time, median of the runs (simulated)' },
        lighthouseBenchmarkIndex: { value: Math.round(lh.benchmarkIndex), unit: 'index', note: `Lighthouse's CPU benchmark of this machine during the runs (${runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')}; higher is faster, a typical desktop ~1000-2000): the simulation scales CPU work by it, so read the scores beside it and beside baselines.cpuLoopMs` },
      } satisfies Record<string, Figure>;
    } finally {
      await s.close();
    }
  },
};

export default bench;
