// Cold-start init per Lambda bundle (issue 8): what a fresh Node process spends importing each
// area's and job's bundle (read, parse, evaluate), median of 10 processes, with and without
// --enable-source-maps (which Lambda would pay at every cold start; functions/lib/stack-map.ts maps
// stacks lazily instead). CPU time of the process is the judged-by-eye figure: on a shared machine
// wall time mostly measures the other processes; wall time is reported beside it.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allEntries, bundleAll, bundleDirName } from '../../infra/bundle.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const RUNS = 10;

interface Sample { cpuMs: number; wallMs: number }

function importOnce(file: string, sourceMaps: boolean): Sample {
  const script = [
    'const c = process.cpuUsage(); const t = performance.now();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const u = process.cpuUsage(c);',
    'console.log(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, wallMs: performance.now() - t }));',
  ].join(' ');
  const args = [...(sourceMaps ? ['--enable-source-maps'] : []), '--input-type=module', '-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim()) as Sample;
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
      const plain: Sample[] = [];
      const mapped: Sample[] = [];
      // Alternating, so a busy moment of the machine hits both variants alike.
      for (let i = 0; i < RUNS; i++) {
        plain.push(importOnce(file, false));
        mapped.push(importOnce(file, true));
      }
      const cpu = median(plain.map((p) => p.cpuMs));
      const cpuMapped = median(mapped.map((p) => p.cpuMs));
      figures[`${name}InitCpuMs`] = { value: cpu, unit: 'ms', note: `CPU time of importing the ${name} bundle in a fresh node process, median of ${RUNS}` };
      figures[`${name}InitWallMs`] = { value: median(plain.map((p) => p.wallMs)), unit: 'ms', note: 'wall time of the same imports (depends on the machine\'s load)' };
      figures[`${name}InitWithSourceMapsCpuMs`] = { value: cpuMapped, unit: 'ms', note: 'CPU time with --enable-source-maps (not used in AWS)' };
      extra.push(cpuMapped - cpu);
    }
    figures.sourceMapsExtraCpuMs = { value: median(extra), unit: 'ms', note: 'median over bundles of the CPU time --enable-source-maps adds to an init; avoided by mapping stacks only on error (functions/lib/stack-map.ts)' };
    return figures;
  },
};

export default bench;
