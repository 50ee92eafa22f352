import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { areas } from '../shared/api/routes.ts';
import type { AreaName } from '../shared/api/routes.ts';
import { jobs } from '../infra/jobs.ts';
import { bundleAll, bundleDirName } from './bundle.ts';
import type { BundleEntry } from './bundle.ts';

const root = resolve(import.meta.dirname, '..');
export const functionsOutDir = join(root, 'dist/functions');

/** Every Lambda bundle of the product: one per API area, one per job. */
export function allEntries(): BundleEntry[] {
  return [
    ...Object.keys(areas).map((area) => ({ area: area as AreaName })),
    ...jobs.map((j) => ({ job: j.name })),
    // The signed public wallet links (Lambda function URL behind CloudFront).
    { url: 'wallet-links' },
  ];
}

/** One bundle per API area and per job, with the options the CDK stack bundles them with. */
export async function buildFunctions(outDir = functionsOutDir): Promise<Record<string, number>> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await bundleAll(allEntries(), outDir);
  const sizes: Record<string, number> = {};
  for (const entry of allEntries()) {
    const name = bundleDirName(entry);
    sizes[name] = (await stat(join(outDir, name, 'index.mjs'))).size;
  }
  return sizes;
}

if (import.meta.main) {
  const sizes = await buildFunctions();
  for (const [name, size] of Object.entries(sizes)) console.log(`${name.padEnd(24)} ${(size / 1024).toFixed(0)} KiB`);
}
