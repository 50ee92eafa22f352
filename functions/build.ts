import { build } from 'esbuild';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { routeList, handlerFileName } from '../shared/api/routes.ts';
import { handlerBundle } from './bundle-options.ts';

const root = resolve(import.meta.dirname, '..');
export const functionsOutDir = join(root, 'dist/functions');

/** One bundle per route handler, exactly as CDK bundles them for Lambda. */
export async function buildFunctions(): Promise<Record<string, number>> {
  await rm(functionsOutDir, { recursive: true, force: true });
  await mkdir(functionsOutDir, { recursive: true });
  const sizes: Record<string, number> = {};
  for (const route of routeList) {
    const name = handlerFileName(route.name);
    const outfile = join(functionsOutDir, name, 'index.mjs');
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, 'functions/handlers', `${name}.ts`)],
      bundle: true,
      outfile,
      format: handlerBundle.format,
      platform: handlerBundle.platform,
      target: handlerBundle.target,
      minify: handlerBundle.minify,
      sourcemap: handlerBundle.sourcemap,
      external: handlerBundle.external,
      mainFields: handlerBundle.mainFields,
      banner: { js: handlerBundle.banner },
      logLevel: 'warning',
    });
    sizes[route.name] = (await stat(outfile)).size;
  }
  return sizes;
}

if (import.meta.main) {
  const sizes = await buildFunctions();
  for (const [name, size] of Object.entries(sizes)) console.log(`${name.padEnd(24)} ${(size / 1024).toFixed(0)} KiB`);
}
