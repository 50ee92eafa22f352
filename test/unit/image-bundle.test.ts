import { describe, expect, test } from 'vitest';
import { build } from 'esbuild';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { handlerBundle } from '../../functions/bundle-options.ts';
import { bundleAll } from '../../functions/bundle.ts';
import { makeJpeg, makePng } from '../helpers/images.ts';

const root = resolve(import.meta.dirname, '../..');

async function bundle(entry: string, outdir: string) {
  return build({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    outdir,
    format: handlerBundle.format,
    platform: handlerBundle.platform,
    target: handlerBundle.target,
    external: handlerBundle.external,
    mainFields: handlerBundle.mainFields,
    banner: { js: handlerBundle.banner },
    outExtension: { '.js': '.mjs' },
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
}

// The upload function runs on Lambda arm64 while we build on x64: the image codecs must be plain
// JavaScript inside the bundle, with no native addon (.node) that would be built for this machine.
describe('image pipeline bundle (Lambda arm64)', () => {
  test('the upload area\'s Lambda bundle (as built for deploy) holds the codecs and no native addon', async () => {
    const out = await mkdtemp(join(tmpdir(), 'vk-bundle-'));
    await bundleAll([{ area: 'upload' }], out);
    const files = (await readdir(out, { recursive: true })).map(String);
    expect(files.filter((f) => f.endsWith('.node'))).toEqual([]);
    const code = await readFile(join(out, 'upload/index.mjs'), 'utf8');
    // Strings of jpeg-js and pngjs: the codecs are inside the bundle, not loaded at run time.
    expect(code).toContain('maxMemoryUsageInMB limit exceeded');
    expect(code).toContain('Invalid file signature');
    expect(code).not.toMatch(/require\(["'][^"']*\.node["']\)|node-gyp-build|@img\/sharp/);
  }, 60_000);

  test('the upload handler alone: esbuild\'s inputs hold jpeg-js and pngjs and no native addon', async () => {
    const out = await mkdtemp(join(tmpdir(), 'vk-bundle-'));
    const result = await bundle('functions/handlers/upload-create.ts', out);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('node_modules/jpeg-js/'))).toBe(true);
    expect(inputs.some((i) => i.includes('node_modules/pngjs/'))).toBe(true);
    expect(inputs.filter((i) => i.endsWith('.node') || /node-gyp-build|\/bindings\/|prebuild|@img\/sharp/.test(i))).toEqual([]);
  }, 60_000);

  test('the bundled pipeline decodes, resizes and re-encodes on its own (no node_modules at run time)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'vk-bundle-'));
    await bundle('functions/lib/images/pipeline.ts', out);
    await writeFile(join(out, 'png.bin'), makePng(700, 300));
    await writeFile(join(out, 'jpg.bin'), makeJpeg(64, 32));
    const script = `
      import { processImage } from './pipeline.mjs';
      import { readFileSync } from 'node:fs';
      const png = processImage(readFileSync('png.bin'), 'png');
      const jpg = processImage(readFileSync('jpg.bin'), 'jpeg');
      console.log(JSON.stringify([png, jpg].map((r) => r.files.map((f) => [f.variant, f.width, f.mime]))));`;
    await writeFile(join(out, 'run.mjs'), script);
    const stdout = execFileSync(process.execPath, ['run.mjs'], { cwd: out, encoding: 'utf8' });
    const [png, jpg] = JSON.parse(stdout) as [string | number, number, string][][];
    expect(png).toEqual([
      ['original', 700, 'image/png'], [160, 160, 'image/png'], [320, 320, 'image/png'], [640, 640, 'image/png'],
      [1024, 700, 'image/png'], ['vcard', 256, 'image/jpeg'],
    ]);
    expect(jpg!.every(([, w, mime]) => w === 64 && mime === 'image/jpeg')).toBe(true);
  }, 60_000);
});
