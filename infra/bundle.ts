// Builds the Lambda bundles from the route table and the job table: one per API area (a generated
// dispatcher with one lazily imported chunk per route), one per function URL (a generated path
// router, likewise), one per job. Used by `npm run build`, the bench, the tests and the CDK stack's
// local bundling, so the deployed code is exactly what the build and the cold-start bench produce.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { apiRoutesByArea, functionUrlRoutes } from '../shared/api/routes.ts';
import type { AreaName } from '../shared/api/routes.ts';
import { mergeNeeds } from '../shared/api/needs.ts';
import type { Needs } from '../shared/api/needs.ts';
import { apiRouteKey, routeKey, routeNeeds } from '../shared/api/define.ts';
import type { RouteDef } from '../shared/api/define.ts';
import { jobs } from './jobs.ts';
import { handlerBundle } from './bundle-options.ts';
import { addFonts, addNativeModules } from './native-modules.ts';
import { addCardPage } from './card-page-file.ts';
import { checkColourShim, checkSemverShim, checkSharpAddonPath, semverForSharp, sharpAddonDirect, sharpColourShim, sharpVersionsDirect } from './sharp-bundling.ts';
import type { NativeTarget } from './native-modules.ts';

const root = resolve(import.meta.dirname, '..');

/** An API area, a Lambda function URL (by its name in the route table) or a job (infra/jobs.ts). */
export type BundleEntry = { area: AreaName } | { url: string } | { job: string };

/** `dist/functions/<area>/`, `dist/functions/url-<name>/` and `dist/functions/job-<name>/`. */
export function bundleDirName(entry: BundleEntry): string {
  if ('area' in entry) return entry.area;
  return 'job' in entry ? `job-${entry.job}` : `url-${entry.url}`;
}

/** Every Lambda function of the product: one per API area, one per function URL, one per job. */
export function allEntries(): BundleEntry[] {
  return [
    ...Object.entries(apiRoutesByArea()).filter(([, routes]) => routes.length).map(([area]) => ({ area: area as AreaName })),
    ...Object.keys(functionUrlRoutes()).map((url) => ({ url })),
    ...jobs.map((j) => ({ job: j.name })),
  ];
}

/** The routes a function serves (none for a job). */
export function routesOf(entry: BundleEntry): RouteDef[] {
  if ('area' in entry) return apiRoutesByArea()[entry.area] ?? [];
  if ('url' in entry) return functionUrlRoutes()[entry.url] ?? [];
  return [];
}

/** What a function may touch: the union of its routes' needs, or the job's. */
export function needsOfEntry(entry: BundleEntry): Needs {
  if ('job' in entry) return jobOf(entry.job).needs;
  return mergeNeeds(routesOf(entry).map(routeNeeds));
}

function jobOf(name: string) {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`Job ${name} steht nicht in infra/jobs.ts`);
  return job;
}

const moduleUrl = (file: string) => JSON.stringify(join(root, file));

/**
 * The generated entry of a function: API areas dispatch by API Gateway's route key, function URLs
 * match the path; every route's module is a dynamic import (its own chunk), loaded on its first call.
 */
export function entrySource(entry: { area: AreaName } | { url: string }): string {
  const routes = routesOf(entry);
  if (!routes.length) throw new Error(`${bundleDirName(entry)}: keine Routen`);
  if ('area' in entry) {
    const keys = (r: RouteDef) => [...new Set([routeKey(r), apiRouteKey(r)])];
    if (routes.length === 1) {
      // One route: nothing to choose, so it is imported statically. Its module graph then goes into
      // this entry file instead of a dynamic chunk and the chunks it shares with the dispatcher
      // (about 4 ms less to load for the public card, issue 22).
      const [only] = routes as [RouteDef];
      return [
        `import { dispatch } from ${moduleUrl('functions/lib/dispatch.ts')};`,
        `import * as r0 from ${moduleUrl(only.handler)};`,
        'const load = () => Promise.resolve(r0);',
        'export const handler = dispatch({',
        ...keys(only).map((key) => `  ${JSON.stringify(key)}: load,`),
        '});',
      ].join('\n');
    }
    // API Gateway names a GET route `ANY …` (it also takes HEAD: shared/api/define.ts apiRouteKey);
    // the route's own key stays valid too (the bench and tests call with it).
    return [
      `import { dispatch } from ${moduleUrl('functions/lib/dispatch.ts')};`,
      ...routes.map((r, i) => `const r${i} = () => import(${moduleUrl(r.handler)});`),
      'export const handler = dispatch({',
      ...routes.flatMap((r, i) => keys(r).map((key) => `  ${JSON.stringify(key)}: r${i},`)),
      '});',
    ].join('\n');
  }
  return [
    `import { dispatchUrl } from ${moduleUrl('functions/lib/dispatch.ts')};`,
    'export const handler = dispatchUrl([',
    ...routes.map((r) => `  { method: ${JSON.stringify(r.method)}, path: ${JSON.stringify(r.path)}, load: () => import(${moduleUrl(r.handler)}) },`),
    ']);',
  ].join('\n');
}

/**
 * `import … from 'node:http'` in an ES module makes Node build the module's ESM facade, which reads
 * every export, and some exports are lazy getters that load more: node:http's load undici (about
 * 17 ms of a cold start, measured). Every built-in is therefore a CommonJS shim returning
 * `process.getBuiltinModule(…)`, whose properties esbuild reads only where the code uses them.
 *
 * Built-ins that bundled packages import at load but use rarely, loaded on the first use of one
 * of their exports instead: sharp (libvips.mjs, detect-libc) imports node:child_process for what
 * it runs at install time or on a non-glibc system, ~2 ms of a cold start for nothing.
 * Only modules whose exports are a plain object (not a function or class) can be wrapped so.
 */
const lazyBuiltins = new Set(['child_process']);

function builtinShim(bare: string): string {
  const id = JSON.stringify(`node:${bare}`);
  if (!lazyBuiltins.has(bare)) return `module.exports = process.getBuiltinModule(${id});\n`;
  const names = Object.keys(process.getBuiltinModule(`node:${bare}`) as object);
  return [
    'let m;',
    `const load = () => (m ??= process.getBuiltinModule(${id}));`,
    'module.exports = {',
    ...names.map((n) => `  get ${JSON.stringify(n)}() { return load()[${JSON.stringify(n)}]; },`),
    '};',
    '',
  ].join('\n');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The shims, one copy per importing module: a shim shared by modules of different routes was a
 * chunk file of its own (a line of code), and every file a cold start loads costs ~0.2 ms to
 * resolve, read, compile and link (node:crypto, node:fs and node:async_hooks were three such files
 * in most routes' graphs). Each copy lands in its importer's chunk; getBuiltinModule returns the
 * same module to all of them.
 */
/**
 * The names an importer takes from a built-in, when every mention of it is a plain default import
 * (`import util from 'node:util'`, as sharp's modules import node:util, node:events, node:path) or
 * a list of named ones (`import { readFileSync } from 'node:fs'`): `default` for the former.
 * Undefined for anything else (a namespace import, a re-export, a require), which keeps the
 * CommonJS shim.
 */
function importedNames(importer: string, specifier: string): string[] | undefined {
  if (!/\.(mjs|js|ts|mts)$/.test(importer)) return undefined;
  const source = readFileSync(importer, 'utf8');
  const from = `from\\s*['"]${escapeRegExp(specifier)}['"]`;
  const mentions = source.match(new RegExp(`['"]${escapeRegExp(specifier)}['"]`, 'g'))?.length ?? 0;
  const names = new Set<string>();
  let plain = 0;
  for (const m of source.matchAll(new RegExp(`\\bimport\\s+([A-Za-z_$][\\w$]*)\\s+${from}`, 'g'))) {
    if (m[1] === 'type') continue;
    names.add('default');
    plain++;
  }
  for (const m of source.matchAll(new RegExp(`\\bimport\\s+(type\\s+)?\\{([^}]*)\\}\\s*${from}`, 'g'))) {
    plain++;
    if (m[1]) continue;
    for (const part of m[2]!.split(',').map((x) => x.trim()).filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      const name = part.split(/\s+as\s+/)[0]!.trim();
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
      names.add(name);
    }
  }
  return mentions > 0 && plain === mentions ? [...names] : undefined;
}

/** An ES module shim: the default export and the named exports the importer takes, read once from the module. */
function esmShim(bare: string, names: readonly string[]): string {
  const lines = [`const m = process.getBuiltinModule(${JSON.stringify(`node:${bare}`)});`];
  for (const n of names) lines.push(n === 'default' ? 'export default m;' : `export const ${n} = m.${n};`);
  return `${lines.join('\n')}\n`;
}

function builtinShims(): Plugin {
  // Modules that exist only with the prefix (node:test, node:sqlite) must not hide packages of the same name.
  const bare = builtinModules.filter((n) => !n.startsWith('node:'));
  const filter = new RegExp(`^(node:(${builtinModules.map((n) => escapeRegExp(n.replace(/^node:/, ''))).join('|')})|${bare.map(escapeRegExp).join('|')})$`);
  return {
    name: 'builtin-shims',
    setup(b) {
      // `<importer>|<specifier>.cjs`: the extension makes it CommonJS to esbuild, whatever the importer
      // is. An importer that only takes a default or named exports gets an ES module (`.mjs`)
      // instead: esbuild's CommonJS interop copies every property descriptor of the module, and
      // node:util's lazy properties then load on the spot (util.diff, util.parseArgs, the stderr
      // stream: ~1 ms of loading sharp), node:fs's its Dir class.
      b.onResolve({ filter }, (a) => {
        const names = a.kind === 'import-statement' && !lazyBuiltins.has(a.path.replace(/^node:/, '')) ? importedNames(a.importer, a.path) : undefined;
        const path = `${relative(root, a.importer).split(sep).join('/')}|${a.path}`;
        return names ? { path: `${path}.mjs`, namespace: 'builtin', pluginData: names } : { path: `${path}.cjs`, namespace: 'builtin' };
      });
      b.onLoad({ filter: /.*/, namespace: 'builtin' }, (a) => {
        const name = a.path.slice(a.path.lastIndexOf('|') + 1, -'.cjs'.length).replace(/^node:/, '');
        return { contents: a.path.endsWith('.mjs') ? esmShim(name, a.pluginData as string[]) : builtinShim(name), loader: 'js' };
      });
    },
  };
}

function options(outdir: string, entryFile: string): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: { index: entryFile },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: handlerBundle.format,
    platform: handlerBundle.platform,
    target: handlerBundle.target,
    minify: process.env.VK_NO_MINIFY ? false : handlerBundle.minify,
    sourcemap: handlerBundle.sourcemap,
    mainFields: handlerBundle.mainFields,
    banner: { js: handlerBundle.banner },
    external: handlerBundle.external,
    alias: { semver: semverForSharp },
    plugins: [builtinShims(), sharpAddonDirect(), sharpVersionsDirect(), sharpColourShim()],
    metafile: true,
    logLevel: 'warning',
  };
}

/** The entry file esbuild starts from: the job's module, or the generated dispatcher written to a scratch folder. */
function entryFileOf(entry: BundleEntry, scratch: string): string {
  if ('job' in entry) return join(root, jobOf(entry.job).handler);
  const file = join(scratch, `${bundleDirName(entry)}.ts`);
  writeFileSync(file, entrySource(entry));
  return file;
}

/**
 * The native packages the function declares (infra/native-modules.ts), checked against what it
 * imports, and the font files when its code draws text.
 */
function afterBuild(entry: BundleEntry, outdir: string, metafile: Metafile, target: NativeTarget): void {
  checkSemverShim(bundleDirName(entry), metafile);
  checkColourShim(bundleDirName(entry), metafile);
  checkSharpAddonPath(bundleDirName(entry), outdir, metafile);
  addNativeModules({ name: bundleDirName(entry), bundleDir: outdir, metafile, declared: needsOfEntry(entry).native ?? [], target });
  addFonts({ bundleDir: outdir, metafile });
  addCardPage({ bundleDir: outdir, metafile });
}

/** What a built function holds: its entry, its chunks, and which route modules went into which chunk. */
export interface BuiltFunction {
  dir: string;
  metafile: Metafile;
}

/**
 * Every bundle, each its own esbuild run (chunks are per function), in parallel:
 * `<outdir>/<bundleDirName>/index.mjs` plus `chunks/`, and `node_modules` with the native packages it
 * declares (`native`: the Lambda arm64 build, the default, or this machine's to run it here).
 * Same options as bundleSync.
 */
export async function bundleAll(entries: readonly BundleEntry[], outdir: string, o: { native?: NativeTarget } = {}): Promise<Record<string, BuiltFunction>> {
  const scratch = mkdtempSync(join(tmpdir(), 'vk-entries-'));
  try {
    const built = await Promise.all(entries.map(async (entry) => {
      const dir = join(outdir, bundleDirName(entry));
      rmSync(dir, { recursive: true, force: true });
      const result = await build(options(dir, entryFileOf(entry, scratch)));
      afterBuild(entry, dir, result.metafile, o.native ?? 'lambda');
      return [bundleDirName(entry), { dir, metafile: result.metafile }] as const;
    }));
    return Object.fromEntries(built);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes `index.mjs`, its chunks and their maps into outdir (synchronous: CDK's local bundling is),
 * and the Lambda (arm64) build of the native packages it declares into outdir/node_modules. esbuild
 * runs plugins (the built-in shims) only in its asynchronous API, so the build runs in a child
 * process: this file run as a script.
 */
export function bundleSync(entry: BundleEntry, outdir: string): void {
  mkdirSync(dirname(outdir), { recursive: true });
  const run = spawnSync(process.execPath, [import.meta.filename, JSON.stringify(entry), outdir], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`${bundleDirName(entry)}: Bündeln fehlgeschlagen (${run.error?.message ?? `Exit-Code ${run.status}`})`);
}

async function bundleInto(entry: BundleEntry, outdir: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'vk-entries-'));
  try {
    const { metafile } = await build(options(outdir, entryFileOf(entry, scratch)));
    afterBuild(entry, outdir, metafile, 'lambda');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The files a route's cold start loads: the entry, the route's own chunk and every chunk that one
 * imports statically (esbuild's metafile), with their sizes in bytes.
 */
export function routeChunks(fn: BuiltFunction, route: RouteDef): { files: string[]; bytes: number } {
  const outputs = fn.metafile.outputs;
  const key = (file: string) => Object.keys(outputs).find((k) => resolve(root, k) === resolve(file));
  const entryKey = key(join(fn.dir, 'index.mjs'));
  if (!entryKey) throw new Error(`${fn.dir}: index.mjs fehlt im Metafile`);
  const own = Object.entries(outputs).find(([k, o]) => k !== entryKey && Object.keys(o.inputs).some((i) => resolve(root, i) === join(root, route.handler)));
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const imp of outputs[k]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entryKey);
  if (own) visit(own[0]);
  const files = [...seen];
  return { files, bytes: files.reduce((sum, f) => sum + (outputs[f]?.bytes ?? 0), 0) };
}

if (import.meta.main) {
  const [entry, outdir] = process.argv.slice(2);
  if (!entry || !outdir) throw new Error('Aufruf: node infra/bundle.ts <Eintrag als JSON> <Zielordner>');
  await bundleInto(JSON.parse(entry) as BundleEntry, outdir);
}
