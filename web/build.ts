import { build } from 'esbuild';
import type { BuildOptions, Metafile } from 'esbuild';
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const webOutDir = join(root, 'dist/web');
/**
 * The source files each build took in (esbuild's metafile inputs), beside the output and not in
 * it (not deployed): the test that the web carries no server code reads it (test/infra/web-bundles.test.ts).
 */
export const webInputsFile = join(root, 'dist/web-inputs.json');

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
  if (!existsSync(index) || !existsSync(webInputsFile)) return true;
  const built = (await stat(index)).mtimeMs;
  const sources = Math.max(await newestMtime(join(root, 'web')), await newestMtime(join(root, 'shared')));
  return sources > built;
}

function outputFor(meta: Metafile, outDir: string, entry: string, ext: string): string {
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (out.entryPoint === entry && file.endsWith(ext)) return '/' + relative(outDir, resolve(root, file));
    if (ext === '.css' && out.cssBundle && meta.outputs[out.cssBundle] && out.entryPoint === entry) {
      return '/' + relative(outDir, resolve(root, out.cssBundle));
    }
  }
  throw new Error(`Kein Build-Ergebnis ${ext} für ${entry}`);
}

/**
 * The public card page `/c/:id` (card.html) is a build of its own: one entry without router, API
 * client or zod, its themes as lazy chunks. A separate build, so no chunk is shared with the back
 * office: the entry statically imports at most the one chunk it shares with its themes, which the
 * HTML preloads. Its page styles are inline in card.html (one request fewer).
 */
async function buildCardPage(options: BuildOptions & { metafile: true }, stage: string): Promise<Metafile> {
  const entry = 'web/src/public/card-main.tsx';
  // Preact's React-compatible layer instead of react-dom (about 5 KB instead of 60 KB gzipped):
  // the themes stay plain React components, the back-office preview renders them with React.
  const alias = { react: 'preact/compat', 'react-dom': 'preact/compat' };
  const result = await build({ ...options, alias, entryPoints: [entry], outdir: join(stage, 'assets/card') });
  const meta = result.metafile;
  const js = outputFor(meta, stage, entry, '.js');
  const out = meta.outputs[relative(root, join(stage, js))];
  const preload = (out?.imports ?? [])
    .filter((i) => i.kind === 'import-statement')
    .map((i) => `<link rel="modulepreload" href="/${relative(stage, resolve(root, i.path))}">`)
    .join('\n    ');
  const template = await readFile(join(root, 'web/card.html'), 'utf8');
  await writeFile(join(stage, 'card.html'), template
    .replace('<!--preload-->', preload)
    .replace('<!--script-->', `<script type="module" src="${js}"></script>`));
  return meta;
}

/**
 * Bundles the SPA with esbuild: ESM, code-split (each screen is its own chunk, so the public
 * card page loads no back-office code), minified, hashed file names, source maps.
 * Returns false when `onlyIfStale` and nothing changed since the last build.
 */
export async function buildWeb(o: { onlyIfStale?: boolean } = {}): Promise<boolean> {
  if (o.onlyIfStale && !(await isStale())) return false;
  // Built beside the old output and swapped in at the end, so a server reading dist/web
  // (a running `npm start`, a test) never sees a half-written build.
  const stage = `${webOutDir}.stage-${process.pid}-${Date.now()}`;
  await mkdir(stage, { recursive: true });
  const options = {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
    minify: true,
    sourcemap: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  } satisfies BuildOptions;
  const entry = 'web/src/main.tsx';
  const result = await build({ ...options, entryPoints: [entry], outdir: join(stage, 'assets') });
  const js = outputFor(result.metafile, stage, entry, '.js');
  const css = outputFor(result.metafile, stage, entry, '.css');
  const template = await readFile(join(root, 'web/index.html'), 'utf8');
  const html = template
    .replace('<!--styles-->', `<link rel="stylesheet" href="${css}">`)
    .replace('<!--script-->', `<script type="module" src="${js}"></script>`);
  await writeFile(join(stage, 'index.html'), html);
  const card = await buildCardPage(options, stage);
  if (existsSync(join(root, 'web/public'))) await cp(join(root, 'web/public'), stage, { recursive: true });
  const old = `${stage}.old`;
  if (existsSync(webOutDir)) await rename(webOutDir, old);
  await rename(stage, webOutDir);
  await rm(old, { recursive: true, force: true });
  await writeFile(webInputsFile, JSON.stringify({ app: Object.keys(result.metafile.inputs).sort(), card: Object.keys(card.inputs).sort() }, null, 1));
  return true;
}

if (import.meta.main) {
  await buildWeb();
  console.log(`Web gebaut nach ${relative(root, webOutDir)}`);
}
