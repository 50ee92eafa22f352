// Cold-start init per Lambda bundle (issue 8): the time a fresh Node process needs to import each
// area's and job's bundle (read, parse, evaluate), median of 10 processes, with and without
// --enable-source-maps (which Lambda would pay at every cold start; functions/lib/stack-map.ts maps
// stacks lazily instead). Reported, not judged: the figure to compare areas and releases by.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allEntries } from '../../functions/build.ts';
import { bundleAll, bundleDirName } from '../../functions/bundle.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const RUNS = 10;

function importMs(file: string, sourceMaps: boolean): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const args = [...(sourceMaps ? ['--enable-source-maps'] : []), '--input-type=module', '-e', script];
  return Number(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim());
}

const bench: BenchModule = {
  name: 'coldStart',
  async measure(ctx: BenchContext) {
    const out = join(ctx.tmpDir, 'cold-start');
    await mkdir(out, { recursive: true });
    await bundleAll(allEntries(), out);
    const figures: Record<string, Figure> = {};
    const extra: number[] = [];
    for (const entry of allEntries()) {
      const name = bundleDirName(entry);
      const file = join(out, name, 'index.mjs');
      const plain: number[] = [];
      const mapped: number[] = [];
      // Alternating, so a busy moment of the machine hits both variants alike.
      for (let i = 0; i < RUNS; i++) {
        plain.push(importMs(file, false));
        mapped.push(importMs(file, true));
      }
      figures[`${name}InitMs`] = { value: median(plain), unit: 'ms', note: `import of the ${name} bundle in a fresh node process, median of ${RUNS}` };
      figures[`${name}InitWithSourceMapsMs`] = { value: median(mapped), unit: 'ms', note: 'same with --enable-source-maps (not used in AWS)' };
      extra.push(median(mapped) - median(plain));
    }
    figures.sourceMapsExtraMs = { value: median(extra), unit: 'ms', note: 'median over bundles of what --enable-source-maps adds to an init; avoided by mapping stacks only on error (functions/lib/stack-map.ts)' };
    return figures;
  },
};

export default bench;
