// Builds the Lambda bundles: one per API area (generated entry dispatching to the area's route
// handlers) and one per job. Used by `npm run build` and by the CDK stack's local bundling, so
// the deployed code is exactly what the build and the cold-start bench produce.
import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';
import { areas, handlerFileName } from '../shared/api/routes.ts';
import type { AreaName } from '../shared/api/routes.ts';
import { handlerBundle } from './bundle-options.ts';

const root = resolve(import.meta.dirname, '..');

/** The generated entry of an area function: imports each route's handler, dispatches by route key. */
export function areaEntrySource(area: AreaName): string {
  const routes = Object.values(areas[area]);
  const lines = routes.map((r, i) => `import { handler as h${i} } from './handlers/${handlerFileName(r.name)}.ts';`);
  lines.push("import { dispatch } from './lib/dispatch.ts';");
  lines.push('export const handler = dispatch({');
  for (const [i, r] of routes.entries()) lines.push(`  ${JSON.stringify(`${r.method} ${r.path}`)}: h${i},`);
  lines.push('});');
  return lines.join('\n');
}

export type BundleEntry = { area: AreaName } | { job: string };

/** Writes `index.mjs` and `index.mjs.map` into outdir (synchronous: CDK's local bundling is). */
export function bundleSync(entry: BundleEntry, outdir: string): void {
  const common = {
    absWorkingDir: root,
    bundle: true,
    outfile: join(outdir, 'index.mjs'),
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
  if ('area' in entry) {
    buildSync({
      ...common,
      stdin: { contents: areaEntrySource(entry.area), resolveDir: join(root, 'functions'), sourcefile: `functions/area-${entry.area}.ts`, loader: 'ts' },
    });
  } else {
    buildSync({ ...common, entryPoints: [join(root, 'functions/jobs', `${entry.job}.ts`)] });
  }
}
