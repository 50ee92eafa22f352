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

  // The XLSX library is for reading uploaded spreadsheets (the tools area): never in the web app or
  // the public pages, where it would cost every visitor ~300 KB, and no longer in the exports, which
  // write with our own writer (its first load cost each export function ~50 ms of CPU, issue 22).
  test('ExcelTS is imported only by the XLSX reader', () => {
    const offenders = ['shared', 'web'].flatMap(sources).filter((f) => readFileSync(f, 'utf8').includes('@cj-tech-master/excelts'));
    expect(offenders).toEqual([]);
    // Any import form (static, dynamic, a subpath).
    const users = sources('functions').filter((f) => /['"]@cj-tech-master\/excelts[/'"]/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1)).sort();
    expect(users).toEqual(['functions/lib/spreadsheet/xlsx-reader.ts']);
  });
});
