import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { mkdir, readFile, readdir, rm, stat, writeFile, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const webOutDir = join(root, 'dist/web');

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestMtime(p));
    else newest = Math.max(newest, (await stat(p)).mtimeMs);
  }
  return newest;
}

async function isStale(): Promise<boolean> {
  const index = join(webOutDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = (await stat(index)).mtimeMs;
  const sources = Math.max(await newestMtime(join(root, 'web')), await newestMtime(join(root, 'shared')));
  return sources > built;
}

function outputFor(meta: Metafile, entry: string, ext: string): string {
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (out.entryPoint === entry && file.endsWith(ext)) return '/' + relative(webOutDir, resolve(root, file));
    if (ext === '.css' && out.cssBundle && meta.outputs[out.cssBundle] && out.entryPoint === entry) {
      return '/' + relative(webOutDir, resolve(root, out.cssBundle));
    }
  }
  throw new Error(`Kein Build-Ergebnis ${ext} für ${entry}`);
}

/**
 * Bundles the SPA with esbuild: ESM, code-split (each screen is its own chunk, so the public
 * card page loads no back-office code), minified, hashed file names, source maps.
 * Returns false when `onlyIfStale` and nothing changed since the last build.
 */
export async function buildWeb(o: { onlyIfStale?: boolean } = {}): Promise<boolean> {
  if (o.onlyIfStale && !(await isStale())) return false;
  await rm(webOutDir, { recursive: true, force: true });
  await mkdir(webOutDir, { recursive: true });
  const entry = 'web/src/main.tsx';
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
    minify: true,
    sourcemap: true,
    outdir: 'dist/web/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });
  const js = outputFor(result.metafile, entry, '.js');
  const css = outputFor(result.metafile, entry, '.css');
  const template = await readFile(join(root, 'web/index.html'), 'utf8');
  const html = template
    .replace('<!--styles-->', `<link rel="stylesheet" href="${css}">`)
    .replace('<!--script-->', `<script type="module" src="${js}"></script>`);
  await writeFile(join(webOutDir, 'index.html'), html);
  if (existsSync(join(root, 'web/public'))) await cp(join(root, 'web/public'), webOutDir, { recursive: true });
  return true;
}

if (import.meta.main) {
  await buildWeb();
  console.log(`Web gebaut nach ${relative(root, webOutDir)}`);
}
