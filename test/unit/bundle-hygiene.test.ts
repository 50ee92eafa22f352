import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

describe('bundle hygiene', () => {
  // `import { z } from 'zod'` drags every zod locale into each bundle (about 450 KB instead of 85 KB):
  // the namespace import is what esbuild can tree-shake.
  test('zod is imported as a namespace everywhere', () => {
    const offenders = ['shared', 'functions', 'web'].flatMap(sources)
      .filter((f) => /import\s+\{\s*z\s*\}\s+from\s+'zod'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  // The XLSX library is for the functions that read or write spreadsheets (the tools and exports
  // areas): never in the web app or the public pages, where it would cost every visitor ~300 KB.
  test('ExcelTS is imported only under functions/', () => {
    const offenders = ['shared', 'web'].flatMap(sources).filter((f) => readFileSync(f, 'utf8').includes('@cj-tech-master/excelts'));
    expect(offenders).toEqual([]);
    const users = sources('functions').filter((f) => readFileSync(f, 'utf8').includes("from '@cj-tech-master/excelts'"))
      .map((f) => f.slice(root.length + 1)).sort();
    expect(users).toEqual(['functions/lib/spreadsheet/xlsx-reader.ts', 'functions/lib/spreadsheet/xlsx-writer.ts']);
  });
});

// The password strength estimate (zxcvbn-ts, ~1.3 MB with its dictionaries) loads only when a
// back-office screen asks for a new password (issue 19): never with the public pages, never with
// the back office's first load. Reads the web build of the test run (global setup builds it).
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
