import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
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
});
