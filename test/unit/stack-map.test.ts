import { describe, expect, test } from 'vitest';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mapStack } from '../../functions/lib/stack-map.ts';

describe('stack mapping of minified Lambda bundles', () => {
  test('positions in index.mjs become TypeScript file and line; other frames stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vk-stack-'));
    writeFileSync(join(dir, 'fail.ts'), [
      'export function explode(): never {',
      "  const detail: string = 'kaputt';",
      '  throw new Error(detail);',
      '}',
    ].join('\n'));
    writeFileSync(join(dir, 'entry.ts'), "import { explode } from './fail.ts';\nexport function run() { explode(); }\n");
    await build({ entryPoints: [join(dir, 'entry.ts')], bundle: true, minify: true, sourcemap: true, format: 'esm', platform: 'node', outfile: join(dir, 'out/index.mjs'), logLevel: 'silent' });
    // A plain Node process, as Lambda runs it (vitest would map the stack itself).
    const script = `const { run } = await import(${JSON.stringify(pathToFileURL(join(dir, 'out/index.mjs')).href)}); try { run(); } catch (e) { console.log(e.stack); }`;
    const stack = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stack).toMatch(/index\.mjs:1:\d+/);
    const mapped = mapStack(stack)!;
    expect(mapped).toMatch(/fail\.ts:3:\d+/);
    expect(mapped).toMatch(/entry\.ts:2:\d+/);
    expect(mapped).not.toMatch(/index\.mjs:1:/);
    rmSync(dir, { recursive: true, force: true });
  });

  test('without a map beside the file the stack is unchanged', () => {
    const stack = 'Error: x\n    at f (file:///nowhere/index.mjs:1:10)';
    expect(mapStack(stack)).toBe(stack);
    expect(mapStack(undefined)).toBeUndefined();
  });
});
