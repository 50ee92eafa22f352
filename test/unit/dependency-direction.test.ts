import { describe, expect, test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Dependencies point one way: infra → functions → shared, web → shared. The route table
// (shared/api) is pure data the web client imports, so shared may import nothing of the server;
// Lambda code knows nothing of the infrastructure that deploys it. The local runtime
// (functions/local: `npm start`, which also builds the web) is the one place that composes all.
const root = resolve(import.meta.dirname, '../..');

const forbidden: Record<string, string[]> = {
  shared: ['functions', 'infra', 'web', 'test'],
  functions: ['infra', 'web', 'test'],
  web: ['functions', 'infra', 'test'],
};
const exempt = ['functions/local/'];

/** Relative imports of a file (static, dynamic, type-only and re-exports), as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(root, resolve(dirname(file), s)));
}

function sources(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

describe('dependency direction', () => {
  test.each(Object.entries(forbidden))('%s imports nothing from %j', (top, banned) => {
    const offenders = sources(top)
      .filter((f) => !exempt.some((e) => relative(root, f).startsWith(e)))
      .flatMap((f) => importsOf(f).filter((t) => banned.includes(t.split('/')[0]!)).map((t) => `${relative(root, f)} -> ${t}`));
    expect(offenders).toEqual([]);
  });

  test('the check sees imports of every kind', () => {
    const file = join(root, 'shared/api/define.ts');
    expect(importsOf(file).length).toBeGreaterThan(0);
    expect(importsOf(join(root, 'functions/lib/custom-css-on-save.ts'))).toContain('functions/lib/custom-css.ts');
  });
});
