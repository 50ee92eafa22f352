import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { handlerBundle } from '../../infra/bundle-options.ts';
import { addFonts, addNativeModules } from '../../infra/native-modules.ts';
import { makePng } from '../helpers/images.ts';
import { allEntries, bundleAll, bundleDirName } from '../../infra/bundle.ts';
import { checkColourShim, semverForSharp, sharpColourShim } from '../../infra/sharp-bundling.ts';
import { AppFunction } from '../../infra/constructs/app-function.ts';
import { areas } from '../../shared/api/routes.ts';

// The real esbuild bundles (the stack test skips bundling): every area, function URL and job builds, an area
// bundle dispatches to its routes' chunks, and CDK stages each function's own bundle.
const scratch: string[] = [];
const tempDir = (prefix: string) => { const d = mkdtempSync(join(tmpdir(), prefix)); scratch.push(d); return d; };
afterAll(() => { for (const d of scratch) rmSync(d, { recursive: true, force: true }); });

const root = resolve(import.meta.dirname, '../..');
let out: string;
let built: Awaited<ReturnType<typeof bundleAll>>;
beforeAll(async () => {
  out = tempDir('vk-bundles-');
  // As `npm run build` and the CDK stack build them: native packages in their Lambda (arm64) build.
  built = await bundleAll(allEntries(), out);
}, 120_000);

/** The machine an ELF file (executable, shared library, Node addon) is built for: e_machine. */
function elfMachine(file: string): 'aarch64' | 'x86-64' | string {
  const b = readFileSync(file);
  if (b.toString('latin1', 1, 4) !== 'ELF') return 'no ELF';
  const machine = b.readUInt16LE(18);
  return machine === 183 ? 'aarch64' : machine === 62 ? 'x86-64' : `machine ${machine}`;
}

/** The JavaScript files of a built function (entry and chunks), relative to its folder. */
const jsFiles = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.mjs') && !f.startsWith('node_modules'));
/** All JavaScript a function ships, entry and chunks together. */
const shipped = (dir: string) => jsFiles(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');

const version = (dir: string, pkg: string) => (JSON.parse(readFileSync(join(dir, pkg, 'package.json'), 'utf8')) as { version: string }).version;

describe('Lambda bundles', () => {
  test('the card area carries the built card.html, the one the web bucket gets; its page route fills it from there (issue 20)', async () => {
    const built = readFileSync(join(root, 'dist/web/card.html'), 'utf8');
    expect(readFileSync(join(out, 'card/card.html'), 'utf8')).toBe(built);
    const withPage = allEntries().map(bundleDirName).filter((name) => existsSync(join(out, name, 'card.html')));
    expect(withPage).toEqual(['card']);
    Object.assign(process.env, { TABLE_NAME: 'no_such_table', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_DIR: out, AUTH_SECRET: 'x'.repeat(32), AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    const { handler } = (await import(pathToFileURL(join(out, 'card/index.mjs')).href)) as { handler: (e: unknown, c: unknown) => Promise<{ statusCode: number; body: string; headers: Record<string, string> }> };
    const id = 'x'.repeat(65);
    const page = await handler({ routeKey: 'GET /c/{id}', rawPath: `/c/${id}`, pathParameters: { id }, headers: {}, requestContext: { requestId: 'r1', http: { method: 'GET', path: `/c/${id}`, sourceIp: '127.0.0.1' } } }, {});
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toBe(built.replace('<!--card-data-->', ''));
  });

  test('every area, function URL and job bundles; the system bundle answers GET /api/health and 404s an unknown route key', async () => {
    for (const entry of allEntries()) {
      const dir = join(out, bundleDirName(entry));
      expect(existsSync(join(dir, 'index.mjs')), dir).toBe(true);
      // Maps ship beside the entry and each chunk (read only when an error is mapped), not inlined.
      for (const f of jsFiles(dir)) {
        expect(existsSync(join(dir, `${f}.map`)), `${dir}/${f}`).toBe(true);
        expect(readFileSync(join(dir, f), 'utf8')).not.toContain('sourceMappingURL=data:');
      }
    }
    for (const route of Object.values(areas.user)) expect(readFileSync(join(out, 'user/index.mjs'), 'utf8')).toContain(`${route.method} ${route.path}`);
    // The CSS parser runs where customCss is saved, never on the public card's cold start (issue 19):
    // not in any chunk of the card function.
    const parserMarkers = ['Unexpected newline while consuming a string token', 'postcss'];
    const card = shipped(join(out, 'card'));
    for (const marker of parserMarkers) expect(card.includes(marker), `card bundle contains ${marker}`).toBe(false);
    expect(shipped(join(out, 'profile'))).toContain(parserMarkers[0]);
    // SpreadsheetML (its namespace) only where a route reads or writes XLSX; the XLSX library (ExcelTS, one
    // of its reader's messages) only in the tools, which read uploads: the exports write with our own writer.
    const withXlsx = allEntries().map(bundleDirName).filter((name) => shipped(join(out, name)).includes('schemas.openxmlformats.org/spreadsheetml/2006/main'));
    expect(withXlsx.sort()).toEqual(['exports', 'tools']);
    const withExcelTs = allEntries().map(bundleDirName).filter((name) => shipped(join(out, name)).includes('Invalid operation for a streaming reader'));
    expect(withExcelTs).toEqual(['tools']);
    // Pushes to installed passes leave only from the card-changed job (issue 21): no API function carries the APNs client.
    const withApns = allEntries().map(bundleDirName).filter((name) => shipped(join(out, name)).includes('apns-topic'));
    expect(withApns).toEqual(['job-card-changed']);

    // No database behind it (nothing listens on port 9): the health check answers degraded.
    Object.assign(process.env, { TABLE_NAME: 'no_such_table', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_DIR: out, AUTH_SECRET: 'x'.repeat(32), AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    const { handler } = (await import(pathToFileURL(join(out, 'system/index.mjs')).href)) as { handler: (e: unknown, c: unknown) => Promise<{ statusCode: number; body: string }> };
    const event = (routeKey: string) => ({ routeKey, rawPath: '/api/health', headers: {}, requestContext: { requestId: 'r1', http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1' } } });
    const health = await handler(event('GET /api/health'), {});
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', table: false });
    // API Gateway names the GET route `ANY /api/health`: HEAD runs the GET handler and answers without a body, other methods 405.
    const as = (method: string) => handler({ ...event('ANY /api/health'), requestContext: { requestId: 'r2', http: { method, path: '/api/health', sourceIp: '127.0.0.1' } } }, {}) as Promise<{ statusCode: number; body: string; headers: Record<string, string> }>;
    const head = await as('HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(health.body));
    expect((await as('GET')).statusCode).toBe(200);
    const post = await as('POST');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const unknown = await handler(event('GET /api/nope'), {});
    expect(unknown.statusCode).toBe(404);
  }, 90_000);

  test('the functions that render images carry sharp\'s linux-arm64 build with its libvips, the others no native code', () => {
    const withModules = readdirSync(out).filter((d) => existsSync(join(out, d, 'node_modules'))).sort();
    expect(withModules).toEqual(['job-images-reprocess', 'upload']);
    for (const dir of withModules.map((d) => join(out, d, 'node_modules'))) {
      // The addon is the release of the sharp the tests run here, whose JavaScript is bundled.
      expect(version(dir, 'sharp')).toBe(version(join(root, 'node_modules'), 'sharp'));
      const addon = join(dir, '@img/sharp-linux-arm64/lib', `sharp-linux-arm64-${version(dir, 'sharp')}.node`);
      expect(elfMachine(addon)).toBe('aarch64');
      const libvips = readdirSync(join(dir, '@img/sharp-libvips-linux-arm64/lib')).find((f) => f.startsWith('libvips-cpp.so'));
      expect(libvips).toBeDefined();
      expect(elfMachine(join(dir, '@img/sharp-libvips-linux-arm64/lib', libvips!))).toBe('aarch64');
      // Nothing of this machine's (x64) build, nothing else native.
      const natives = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.node') || /\.so(\.|$)/.test(f));
      expect(natives.map((f) => elfMachine(join(dir, f))).every((m) => m === 'aarch64'), natives.join(', ')).toBe(true);
      expect(existsSync(join(dir, '@img/sharp-linux-x64'))).toBe(false);
    }
    // sharp's JavaScript is bundled into a chunk of its own, loaded on first use: importing the
    // upload area or a route's chunk loads neither it nor libvips; only a dynamic import reaches it.
    for (const name of withModules) {
      const outputs = Object.entries(built[name]!.metafile.outputs);
      const sharpChunks = outputs.filter(([, o]) => Object.keys(o.inputs).some((i) => i.includes('node_modules/sharp/'))).map(([k]) => k);
      expect(sharpChunks, name).toHaveLength(1);
      const importers = outputs.flatMap(([, o]) => o.imports.filter((i) => i.path === sharpChunks[0]).map((i) => i.kind));
      expect(importers.length, name).toBeGreaterThan(0);
      expect(importers.every((k) => k === 'dynamic-import'), `${name}: ${importers.join(', ')}`).toBe(true);
    }
    expect(shipped(join(out, 'upload'))).not.toMatch(/\bfrom\s*"sharp"|import\("sharp"\)/);
  });

  test('the bundled sharp, run here (x64 build), loads its addon and versions by path and parses colours through the stand-in', async () => {
    const dir = tempDir('vk-upload-host-');
    const fn = (await bundleAll([{ area: 'upload' }], dir, { native: 'host' })).upload!;
    const sharpChunk = Object.entries(fn.metafile.outputs).find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith('node_modules/sharp/dist/utility.mjs')))![0];
    const chunkSource = readFileSync(resolve(root, sharpChunk), 'utf8');
    // No lookup of the package subpath that is not exported (sharpVersionsDirect), no colour tables built at load.
    expect(chunkSource).not.toMatch(/sharp-\$\{[^}]+\}\/versions`/);
    expect(chunkSource).toContain('/versions.json`');
    const run = execFileSync(process.execPath, ['--input-type=module', '-e', `
      const { default: sharp } = await import(${JSON.stringify(pathToFileURL(resolve(root, sharpChunk)).href)});
      const png = await sharp({ create: { width: 2, height: 2, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer();
      const flat = await sharp(png).flatten({ background: '#ffffff' }).raw().toBuffer();
      const named = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'rebeccapurple' } }).raw().toBuffer();
      console.log(JSON.stringify({ versions: sharp.versions, avif: sharp.format.heif.output.alias, flat: [...flat.subarray(0, 3)], named: [...named] }));`], { encoding: 'utf8' });
    const r = JSON.parse(run) as { versions: Record<string, string>; avif: string[]; flat: number[]; named: number[] };
    const host = JSON.parse(readFileSync(join(root, 'node_modules/@img', `sharp-libvips-${process.platform}-${process.arch}`, 'versions.json'), 'utf8')) as Record<string, string>;
    expect(r.versions).toEqual({ ...host, sharp: version(join(root, 'node_modules'), 'sharp') });
    expect(r.avif).toEqual(['avif']);
    // (10, 20, 30) at alpha 128/255 over white; a CSS name goes to the colour package itself.
    expect(r.flat).toEqual([132, 137, 142]);
    expect(r.named).toEqual([102, 51, 153]);
  }, 60_000);

  test('a native package goes only where the table declares it, and the build checks the declaration', () => {
    const metafile = (imports: { path: string; kind: 'dynamic-import'; external: boolean }[]) =>
      ({ inputs: {}, outputs: { 'x/chunks/a.mjs': { bytes: 1, inputs: {}, imports, exports: [] } } }) as unknown as Metafile;
    const sharp = [{ path: 'sharp', kind: 'dynamic-import' as const, external: true }];
    const dir = tempDir('vk-native-');
    expect(() => addNativeModules({ name: 'x', bundleDir: dir, metafile: metafile(sharp), declared: [], target: 'host' })).toThrow("native: ['sharp']");
    expect(() => addNativeModules({ name: 'x', bundleDir: dir, metafile: metafile([]), declared: ['sharp'], target: 'host' })).toThrow('importiert es nicht');
    expect(addNativeModules({ name: 'x', bundleDir: dir, metafile: metafile([]), declared: [], target: 'host' })).toEqual([]);
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(addNativeModules({ name: 'x', bundleDir: dir, metafile: metafile(sharp), declared: ['sharp'], target: 'host' })).toEqual(['sharp']);
    expect(existsSync(join(dir, 'node_modules/sharp/package.json'))).toBe(true);
    // Bundled (as the functions are built): sharp's files among the build's inputs count as using it.
    const bundled = { inputs: { 'node_modules/sharp/dist/index.mjs': { bytes: 1, imports: [] } }, outputs: { 'x/chunks/a.mjs': { bytes: 1, inputs: {}, imports: [], exports: [] } } } as unknown as Metafile;
    expect(() => addNativeModules({ name: 'x', bundleDir: dir, metafile: bundled, declared: [], target: 'host' })).toThrow("native: ['sharp']");
    expect(addNativeModules({ name: 'x', bundleDir: dir, metafile: bundled, declared: ['sharp'], target: 'host' })).toEqual(['sharp']);
  });

  test('the same bundled pipeline runs here with this machine\'s sharp (x64), with the bundles\' stand-ins for semver and @img/colour: decodes, resizes, encodes', async () => {
    const dir = tempDir('vk-pipeline-bundle-');
    const result = await build({
      absWorkingDir: root, entryPoints: [join(root, 'functions/lib/images/pipeline.ts')], bundle: true, outdir: dir,
      format: handlerBundle.format, platform: handlerBundle.platform, target: handlerBundle.target, external: handlerBundle.external,
      mainFields: handlerBundle.mainFields, banner: { js: handlerBundle.banner }, outExtension: { '.js': '.mjs' }, entryNames: 'index', metafile: true, logLevel: 'silent',
      alias: { semver: semverForSharp }, plugins: [sharpColourShim()],
    });
    expect(() => checkColourShim('pipeline', result.metafile)).not.toThrow();
    expect(addNativeModules({ name: 'pipeline', bundleDir: dir, metafile: result.metafile, declared: ['sharp'], target: 'host' })).toEqual(['sharp']);
    writeFileSync(join(dir, 'in.png'), makePng(700, 300));
    writeFileSync(join(dir, 'run.mjs'), `
      import { processImage } from './index.mjs';
      import { readFileSync } from 'node:fs';
      import sharp from 'sharp';
      const r = await processImage(readFileSync('in.png'), 'png');
      const icon = r.variants.find((f) => f.variant.pass === 'appleIcon' && f.variant.scale === 1);
      const badge = [...(await sharp(icon.data).ensureAlpha().raw().toBuffer()).subarray(0, 4)];
      console.log(JSON.stringify({ format: r.format, original: [r.width, r.height], variants: r.variants.map((f) => [f.mime, f.width]), badge }));`);
    const r = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: dir, encoding: 'utf8' })) as { format: string; original: number[]; variants: [string, number][]; badge: number[] };
    // A one-colour PNG is a graphic: it stays PNG.
    expect(r.format).toBe('png');
    expect(r.original).toEqual([700, 300]);
    expect(r.variants).toContainEqual(['image/avif', 640]);
    expect(r.variants).toContainEqual(['image/webp', 160]);
    expect(r.variants).toContainEqual(['image/png', 87]);
    // The pass icon is a badge: the artwork on its corner colour, handed to sharp as { r, g, b, alpha }.
    expect(r.badge).toEqual([200, 30, 60, 255]);
  }, 60_000);

  test('the bundle that draws text (virtual background) carries the font files; the bundled renderer draws with them where no system font exists', async () => {
    // Beside the output file holding the font module (the upload area's route chunk), where fontFile() looks.
    const fontDirs = (d: string) => ['fonts', 'chunks/fonts'].filter((f) => existsSync(join(out, d, f)));
    const withFonts = readdirSync(out).filter((d) => fontDirs(d).length > 0).sort();
    expect(withFonts).toEqual(['upload']);
    expect(fontDirs('upload')).toHaveLength(1);
    expect(readdirSync(join(out, 'upload', fontDirs('upload')[0]!)).sort()).toEqual(['Inter_400Regular.ttf', 'Inter_700Bold.ttf']);
    // The text renderer as a bundle of its own, run in a process whose fontconfig knows no font at
    // all (as in Lambda): it must find the shipped file beside its bundle and draw the same text.
    const dir = tempDir('vk-text-bundle-');
    const result = await build({
      absWorkingDir: root, entryPoints: [join(root, 'functions/lib/images/text.ts')], bundle: true, outdir: dir,
      format: handlerBundle.format, platform: handlerBundle.platform, target: handlerBundle.target, external: handlerBundle.external,
      mainFields: handlerBundle.mainFields, banner: { js: handlerBundle.banner }, outExtension: { '.js': '.mjs' }, entryNames: 'index', metafile: true, logLevel: 'silent',
    });
    addNativeModules({ name: 'text', bundleDir: dir, metafile: result.metafile, declared: ['sharp'], target: 'host' });
    expect(addFonts({ bundleDir: dir, metafile: result.metafile })).toEqual(['fonts/Inter_400Regular.ttf', 'fonts/Inter_700Bold.ttf']);
    writeFileSync(join(dir, 'run.mjs'), `
      import { renderText } from './index.mjs';
      const p = await renderText({ text: 'Jürgen Weiß – Größe', weight: 'bold', size: 76, color: '#102030', maxWidth: 1200 });
      let ink = 0; for (let i = 3; i < p.data.length; i += 4) if (p.data[i] > 128) ink++;
      console.log(JSON.stringify({ width: p.width, height: p.height, ink }));`);
    // As in Lambda: no fontconfig configuration to be found (an empty FONTCONFIG_PATH); the renderer
    // writes its own, which names no font folder (fonts.ts useOwnFontconfig), so no system font exists for it.
    // FC_DEBUG=1024 makes fontconfig name every configuration file it reads, 4 every edit it applies
    // (on stdout, before the result line).
    const { FONTCONFIG_FILE: _file, FONTCONFIG_SYSROOT: _root, ...inherited } = process.env;
    const env = { ...inherited, FONTCONFIG_PATH: dir, TMPDIR: dir, FC_DEBUG: String(1024 + 4) };
    const run = spawnSync(process.execPath, ['run.mjs'], { cwd: dir, encoding: 'utf8', env });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const inLambdaLike = JSON.parse(lines.at(-1)!) as { width: number; height: number; ink: number };
    const fontconfigLog = lines.slice(0, -1).join('\n');
    // Only our own configuration, in its sysroot: neither the system's nor its rule templates
    // (conf.avail, parsed twice on a cold start where a system fontconfig exists).
    expect(fontconfigLog).toContain(`Loading config file from ${join(dir, 'vk-fontconfig/fonts.conf')}`);
    expect(fontconfigLog).not.toMatch(/Scanning config|\/etc\/fonts|conf\.avail/);
    // Drawn without hinting (fonts.ts FONTS_CONF): the font's own edits reach the pattern the text is drawn with.
    expect(fontconfigLog).toContain('Substitute Edit hinting Assign false');
    expect(fontconfigLog).toContain('Substitute Edit hintstyle Assign hintnone');
    // What the same text is with the font taken from node_modules in this process.
    const { renderText } = await import('../../functions/lib/images/text.ts');
    const here = (await renderText({ text: 'Jürgen Weiß – Größe', weight: 'bold', size: 76, color: '#102030', maxWidth: 1200 }))!;
    expect(Math.abs(inLambdaLike.width - here.width)).toBeLessThanOrEqual(3);
    expect(Math.abs(inLambdaLike.height - here.height)).toBeLessThanOrEqual(3);
    expect(inLambdaLike.width).toBeGreaterThan(600);
    expect(inLambdaLike.ink).toBeGreaterThan(5000);
  }, 60_000);

  test('CDK stages each function with its own bundle (not one cached bundle for all)', () => {
    const outdir = tempDir('vk-cdk-bundle-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundles');
    const resources = {
      table: new dynamodb.TableV2(stack, 'T', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
      uploads: new s3.Bucket(stack, 'U'),
      logBucket: new s3.Bucket(stack, 'L'),
      authSecret: new secretsmanager.Secret(stack, 'S'),
      invalidationQueue: new sqs.Queue(stack, 'Q'),
      walletConfigSecret: new secretsmanager.Secret(stack, 'W'),
      walletLinkSecret: new secretsmanager.Secret(stack, 'WL'),
    };
    new AppFunction(stack, 'System', { entry: { area: 'system' }, description: 'system', needs: {}, resources, environment: {} });
    new AppFunction(stack, 'Job', { entry: { job: 'cdn-invalidate' }, description: 'job', needs: {}, resources, environment: {} });
    new AppFunction(stack, 'Upload', { entry: { area: 'upload' }, description: 'upload', needs: {}, resources, environment: {} });
    app.synth();
    const assets = readdirSync(outdir).filter((d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'index.mjs'))).map((d) => join(outdir, d));
    // Everything a function ships (entry and chunks), per staged asset.
    const bundles = assets.map(shipped);
    expect(bundles).toHaveLength(3);
    expect(bundles.filter((b) => b.includes('GET /api/health'))).toHaveLength(1);
    expect(bundles.filter((b) => b.includes('CreateInvalidation'))).toHaveLength(1);
    // The deployed asset of the upload function holds sharp's arm64 addon; the others nothing native.
    const native = assets.filter((d) => existsSync(join(d, 'node_modules')));
    expect(native).toHaveLength(1);
    expect(readFileSync(join(native[0]!, 'index.mjs'), 'utf8')).toContain('POST /api/upload/{id}');
    const sharpVersion = version(join(native[0]!, 'node_modules'), 'sharp');
    expect(elfMachine(join(native[0]!, 'node_modules/@img/sharp-linux-arm64/lib', `sharp-linux-arm64-${sharpVersion}.node`))).toBe('aarch64');
  }, 90_000);
});
