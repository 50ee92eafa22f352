import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanTable } from '../helpers/audit.ts';

// Helpers of the DSGVO API tests (privacy, privacy-legacy): unique text to find a person by,
// the export read back by Info-ZIP, and the whole table and uploads folder searched for it.

/** Letters only (names allow no digits in tests' eyes): unique text to find the person anywhere. */
export const marker = () => `Qz${randomBytes(6).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

export function unzip(bytes: Buffer): Record<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'vk-dsgvo-'));
  const file = join(dir, 'export.zip');
  writeFileSync(file, bytes);
  // Info-ZIP reads it back: a different implementation than the writer (functions/lib/zip.ts).
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  execFileSync('unzip', ['-tq', file]);
  return Object.fromEntries(names.map((n) => [n, execFileSync('unzip', ['-p', file, n], { maxBuffer: 50e6 })]));
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
}

/** Items as text, string sets (the match index's card ids) included. */
export const text = (item: unknown) => JSON.stringify(item, (_k, v: unknown) => (v instanceof Set ? [...v] : v));

/** Every stored item that contains one of the needles (card id, names, contacts, image stems). */
export async function itemsNaming(needles: readonly string[]): Promise<Record<string, unknown>[]> {
  return (await scanTable()).filter((item) => needles.some((n) => text(item).includes(n)));
}
