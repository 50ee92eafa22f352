import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { scanTable } from '../helpers/audit.ts';
import { PASS_TYPE_ID } from '../helpers/wallet-fakes.ts';
import type { TestServer } from '../helpers/server.ts';
import type { walletHelpers } from './wallet-setup.ts';

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

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/**
 * What visitors leave of a card: an Apple Wallet device registered for its pass, a Google object
 * (created with `token`), one view and one save counted from the local CDN log.
 */
export async function useCardAsVisitors(s: TestServer, w: ReturnType<typeof walletHelpers>, id: string, token: string) {
  const pass = w.verifyPass((await w.publicPass(id, w.sign(id))).bytes).pass;
  const deviceId = `device${randomBytes(6).toString('hex')}`;
  const pushToken = randomBytes(32).toString('hex');
  const reg = await s.call('passkitRegister', { params: { deviceId, passTypeId: PASS_TYPE_ID, serial: id }, headers: { authorization: `ApplePass ${pass.authenticationToken}` }, body: { pushToken } });
  expect(reg.status).toBe(201);
  expect((await s.call('walletGooglecardCreate', { params: { id }, token })).status).toBe(200);
  expect((await fetch(`${s.baseUrl}/api/card/${id}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
  expect((await fetch(`${s.baseUrl}/api/card/${id}/vcard`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
  await s.flushViews();
  return { deviceId, pushToken };
}

/** The export's statistics (the one view, at least one save) and wallet counts, never the visitors' device ids or push tokens. */
export function expectStatisticsAndWalletCounts(files: Record<string, Buffer>, visitors: { deviceId: string; pushToken: string }) {
  const stats = JSON.parse(files['statistik.json']!.toString('utf8')) as { date: string; views: number; saves: number }[];
  expect(stats.reduce((n, d) => n + d.views, 0)).toBe(1);
  // The vCard and the Apple pass were saved.
  expect(stats.reduce((n, d) => n + d.saves, 0)).toBeGreaterThanOrEqual(1);
  expect(files['statistik.csv']!.toString('utf8')).toContain('Aufrufe');
  expect(JSON.parse(files['wallet.json']!.toString('utf8'))).toEqual({ appleWalletDevices: 1, googleWalletObject: true });
  const everything = Buffer.concat(Object.values(files)).toString('latin1');
  expect(everything).not.toContain(visitors.deviceId);
  expect(everything).not.toContain(visitors.pushToken);
}
