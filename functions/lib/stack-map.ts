import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import type { SourceMapPayload } from 'node:module';

// Lambda bundles are minified with their source map beside them (index.mjs.map). Node's
// --enable-source-maps would parse that map at every cold start (measured in
// test/bench/cold-start.bench.ts); instead the map is read only when an unexpected error is
// logged, once per container, and the logged stack names the TypeScript files and lines.

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let m = maps.get(file);
  if (m === undefined) {
    try {
      m = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      m = null; // No map (running the .ts sources locally): the stack stays as it is.
    }
    maps.set(file, m);
  }
  return m;
}

/** Rewrites `…/index.mjs:1:23456` positions of a stack to `functions/lib/http.ts:120:7`. */
export function mapStack(stack: string | undefined): string | undefined {
  if (!stack) return stack;
  return stack.replace(/(?:file:\/\/)?(\/[^\s():]+\.mjs):(\d+):(\d+)/g, (all, file: string, line: string, column: string) => {
    const map = mapOf(file);
    if (!map) return all;
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!('originalSource' in entry) || !entry.originalSource) return all;
    const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
