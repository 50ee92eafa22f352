// Builds the Lambda bundles: one per API area (generated entry dispatching to the area's route
// handlers) and one per job. Used by `npm run build` and by the CDK stack's local bundling, so
// the deployed code is exactly what the build and the cold-start bench produce.
import { build, buildSync } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { areas, handlerFileName } from '../shared/api/routes.ts';
import { apiRouteKey } from '../shared/api/define.ts';
import type { AreaName } from '../shared/api/routes.ts';
import { handlerBundle } from './bundle-options.ts';
import { addNativeModules } from './native-modules.ts';
import { addCardPage } from './card-page-file.ts';
import type { NativeTarget } from './native-modules.ts';

const root = resolve(import.meta.dirname, '..');

/** The generated entry of an area function: imports each route's handler, dispatches by route key. */
export function areaEntrySource(area: AreaName, functionsDir = '.'): string {
  const routes = Object.values(areas[area]);
  const lines = routes.map((r, i) => `import { handler as h${i} } from '${functionsDir}/handlers/${handlerFileName(r.name)}.ts';`);
  lines.push(`import { dispatch } from '${functionsDir}/lib/dispatch.ts';`);
  lines.push('export const handler = dispatch({');
  // API Gateway names a GET route `ANY …` (it also takes HEAD: shared/api/define.ts apiRouteKey); the route's own key stays valid too.
  for (const [i, r] of routes.entries()) for (const key of new Set([`${r.method} ${r.path}`, apiRouteKey(r)])) lines.push(`  ${JSON.stringify(key)}: h${i},`);
  lines.push('});');
  return lines.join('\n');
}

/** An API area, a job (functions/jobs/<name>.ts) or a function-URL handler (functions/url/<name>.ts). */
export type BundleEntry = { area: AreaName } | { job: string } | { url: string };

/** `dist/functions/<area>/`, `dist/functions/job-<name>/` and `dist/functions/url-<name>/`. */
export function bundleDirName(entry: BundleEntry): string {
  if ('area' in entry) return entry.area;
  return 'job' in entry ? `job-${entry.job}` : `url-${entry.url}`;
}

function entryFile(entry: { job: string } | { url: string }): string {
  return 'job' in entry ? join(root, 'functions/jobs', `${entry.job}.ts`) : join(root, 'functions/url', `${entry.url}.ts`);
}

const common = {
  absWorkingDir: root,
  bundle: true,
  format: handlerBundle.format,
  platform: handlerBundle.platform,
  target: handlerBundle.target,
  minify: handlerBundle.minify,
  sourcemap: handlerBundle.sourcemap,
  external: handlerBundle.external,
  mainFields: handlerBundle.mainFields,
  banner: { js: handlerBundle.banner },
  logLevel: 'warning' as const,
};

/**
 * Every bundle in one esbuild run (shared parsing, all cores): `<outdir>/<bundleDirName>/index.mjs`,
 * with `node_modules` beside it when its code imports a native package (`native`: the Lambda
 * arm64 build, the default, or this machine's to run it here). For `npm run build`, the bench and
 * the bundle test; same options as bundleSync.
 */
export async function bundleAll(entries: readonly BundleEntry[], outdir: string, o: { native?: NativeTarget } = {}): Promise<void> {
  const entryDir = mkdtempSync(join(tmpdir(), 'vk-entries-'));
  try {
    const entryPoints: Record<string, string> = {};
    for (const entry of entries) {
      const name = bundleDirName(entry);
      if ('area' in entry) {
        const file = join(entryDir, `${name}.ts`);
        writeFileSync(file, areaEntrySource(entry.area, join(root, 'functions')));
        entryPoints[`${name}/index`] = file;
      } else {
        entryPoints[`${name}/index`] = entryFile(entry);
      }
    }
    const { metafile } = await build({ ...common, entryPoints, outdir, outExtension: { '.js': '.mjs' }, metafile: true });
    for (const entry of entries) {
      addNativeModules({ bundleDir: join(outdir, bundleDirName(entry)), metafile, target: o.native ?? 'lambda' });
      addCardPage({ bundleDir: join(outdir, bundleDirName(entry)), metafile });
    }
  } finally {
    rmSync(entryDir, { recursive: true, force: true });
  }
}

/**
 * Writes `index.mjs` and `index.mjs.map` into outdir (synchronous: CDK's local bundling is), and
 * the Lambda (arm64) build of the native packages it imports into outdir/node_modules.
 */
export function bundleSync(entry: BundleEntry, outdir: string): void {
  const one = {
    ...common,
    outfile: join(outdir, 'index.mjs'),
    metafile: true,
  };
  const { metafile } = 'area' in entry
    ? buildSync({
        ...one,
        stdin: { contents: areaEntrySource(entry.area), resolveDir: join(root, 'functions'), sourcefile: `functions/area-${entry.area}.ts`, loader: 'ts' },
      })
    : buildSync({ ...one, entryPoints: [entryFile(entry)] });
  addNativeModules({ bundleDir: outdir, metafile: metafile!, target: 'lambda' });
  addCardPage({ bundleDir: outdir, metafile: metafile! });
}
