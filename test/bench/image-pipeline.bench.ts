import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import jpegJs from 'jpeg-js';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

// Issue 16 / upload pipeline: time and peak memory of decoding an upload completely and writing
// its re-encoded original and variants, in a fresh process per size (peak RSS is per process).
// The upload area's Lambda settings (infra/areas.ts) must cover the worst case, 25 megapixels.

const root = resolve(import.meta.dirname, '../..');

/** A photo-like JPEG (gradients and texture, so the codec works as on a real picture). */
function photo(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 7 + y) & 255;
      data[i + 1] = (Math.sin(x / 30) * 120 + 128) | 0;
      data[i + 2] = (y * 3 + ((x * y) & 15)) & 255;
      data[i + 3] = 255;
    }
  }
  return jpegJs.encode({ width, height, data }, 90).data;
}

const worker = `
import { readFileSync } from 'node:fs';
import { processImage } from ${JSON.stringify(join(root, 'functions/lib/images/pipeline.ts'))};
const data = readFileSync(process.argv[2]);
const t = performance.now();
const cpu0 = process.cpuUsage();
const r = processImage(data, 'jpeg');
const cpu = process.cpuUsage(cpu0);
const ms = performance.now() - t;
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, rssMb: process.resourceUsage().maxRSS / 1024, files: r.files.length }));
`;

async function measure(ctx: BenchContext): Promise<Record<string, Figure>> {
  const script = join(ctx.tmpDir, 'image-worker.mts');
  writeFileSync(script, worker);
  const out: Record<string, Figure> = {};
  for (const [label, w, h] of [['3MP', 2000, 1500], ['25MP', 5000, 5000]] as const) {
    const file = join(ctx.tmpDir, `photo-${label}.jpg`);
    writeFileSync(file, photo(w, h));
    const r = JSON.parse(execFileSync(process.execPath, [script, file], { encoding: 'utf8', maxBuffer: 1 << 20 })) as { ms: number; cpuMs: number; rssMb: number };
    // CPU time, not wall time: on a shared machine the wall clock mostly measures the neighbours.
    out[`jpeg${label}CpuMs`] = {
      value: Math.round(r.cpuMs), unit: 'ms',
      ...(label === '25MP' ? { budget: 10_000, direction: 'max' as const } : {}),
      note: `CPU time of decode + re-encode + 4 widths + vCard JPEG of a ${w}x${h} JPEG; budget: half the upload Lambda's 20 s timeout (infra/areas.ts), room for a slower arm64 core at 1536 MB (< 1 vCPU)`,
    };
    out[`jpeg${label}WallMs`] = { value: Math.round(r.ms), unit: 'ms', note: 'wall time of the same run (depends on the machine\'s load)' };
    out[`jpeg${label}PeakRssMb`] = {
      value: Math.round(r.rssMb), unit: 'MB',
      ...(label === '25MP' ? { budget: 1536, direction: 'max' as const } : {}),
      note: 'peak RSS of the whole Node process; budget: the upload Lambda\'s memory (infra/areas.ts)',
    };
  }
  return out;
}

export default { name: 'imagePipeline', measure } satisfies BenchModule;
