// `npm run build` (after the web app): every Lambda bundle into dist/functions, with what each route's
// cold start loads (its entry, its own chunk and the chunks that one imports).
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { allEntries, bundleAll, bundleDirName, routeChunks, routesOf } from './bundle.ts';

const root = resolve(import.meta.dirname, '..');
export const functionsOutDir = join(root, 'dist/functions');

export interface FunctionSizes {
  /** Bytes of all files of the function (entry and chunks, without maps). */
  total: number;
  /** Bytes a route's cold start loads, by route name. */
  routes: Record<string, number>;
}

/** One bundle per API area, function URL and job, with the options the CDK stack bundles them with. */
export async function buildFunctions(outDir = functionsOutDir): Promise<Record<string, FunctionSizes>> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const built = await bundleAll(allEntries(), outDir);
  const sizes: Record<string, FunctionSizes> = {};
  for (const entry of allEntries()) {
    const fn = built[bundleDirName(entry)]!;
    const total = Object.entries(fn.metafile.outputs).filter(([k]) => k.endsWith('.mjs')).reduce((s, [, o]) => s + o.bytes, 0);
    const routes = Object.fromEntries(routesOf(entry).map((r) => [r.name, routeChunks(fn, r).bytes]));
    sizes[bundleDirName(entry)] = { total, routes };
  }
  return sizes;
}

if (import.meta.main) {
  const sizes = await buildFunctions();
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`.padStart(8);
  for (const [name, s] of Object.entries(sizes)) {
    const routes = Object.entries(s.routes);
    const largest = routes.sort((a, b) => b[1] - a[1])[0];
    console.log(`${name.padEnd(24)} ${kib(s.total)} in all${largest ? `, largest route ${largest[0]} ${kib(largest[1]).trim()}` : ''}`);
  }
}
