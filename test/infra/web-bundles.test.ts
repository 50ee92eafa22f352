import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webInputsFile } from '../../web/build.ts';

// What the web build (dist/web, built by this project's global setup) contains.
const root = resolve(import.meta.dirname, '../..');

// The web client imports the route table (shared/api), which names every route's handler module
// and needs as data: no handler, no server library may come with it (issue 22). Read from
// esbuild's own list of the files each build took in.
describe('the web bundles carry no server code', () => {
  const inputs = JSON.parse(readFileSync(webInputsFile, 'utf8')) as { app: string[]; card: string[] };
  const serverPackages = ['@aws-sdk/', '@smithy/', 'sharp', 'passkit-generator', 'node-forge', '@csstools/', 'qrcode', 'jose', 'csv-parse'];

  test.each(['app', 'card'] as const)('%s: no module of functions/ or infra/, no server package', (build) => {
    const files = inputs[build];
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => /^(functions|infra)\//.test(f))).toEqual([]);
    expect(files.filter((f) => serverPackages.some((p) => f.includes(`node_modules/${p}`)))).toEqual([]);
  });

  test('the back office does import the route table (so the check above means something)', () => {
    expect(inputs.app).toContain('shared/api/routes/user.ts');
    expect(inputs.app).toContain('shared/api/define.ts');
  });
});

// The password strength estimate (zxcvbn-ts, ~1.8 MB with its dictionaries) loads only when a
// back-office screen asks for a new password (issue 19): never with the public pages, never with
// the back office's first load. Reads the web build of the test run (the project's global setup builds it).
describe('password strength estimate stays out of the first loads', () => {
  const web = join(root, 'dist/web');
  const marker = 'Dies ist ein oft verwendetes Passwort';
  /** Every JS file an entry loads: static imports always, dynamic ones (`import("…")`) when asked. */
  function reachable(entry: string, dynamic: boolean): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      const specs = [...text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g), ...(dynamic ? text.matchAll(/import\("(\.{1,2}\/[^"]+\.js)"\)/g) : [])];
      for (const m of specs) visit(resolve(file, '..', m[1]!));
    };
    visit(entry);
    return [...seen];
  }
  const entryOf = (html: string) => join(web, readFileSync(join(web, html), 'utf8').match(/<script[^>]+src="\/([^"]+\.js)"/)![1]!);

  test('the public card and QR pages never reach it, not even lazily', () => {
    // Every theme ships with the page (issue 23): the public build may well be one file.
    const files = reachable(entryOf('card.html'), true);
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.some((f) => readFileSync(f, 'utf8').includes('vc-card'))).toBe(true);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes(marker))).toEqual([]);
  });

  test('the back office loads it on demand only (a chunk of its own)', () => {
    const first = reachable(entryOf('index.html'), false);
    expect(first.filter((f) => readFileSync(f, 'utf8').includes(marker))).toEqual([]);
    const all = reachable(entryOf('index.html'), true);
    expect(all.filter((f) => readFileSync(f, 'utf8').includes(marker))).toHaveLength(1);
  });
});
