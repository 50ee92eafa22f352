// `npm run bench`: every budget an issue names, measured on this machine, in one JSON report.
// Each `test/bench/*.bench.ts` exports `measure(ctx)` returning its figures; the runner adds the
// machine's own baselines (CPU, DynamoDB Local round trip) so a figure can be read against them.

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Figure {
  /** What was measured, in `unit`. */
  value: number;
  unit: string;
  /** The budget; absent for figures that are reported, not judged. */
  budget?: number;
  /** `max`: value must stay at or below budget; `min`: at or above. */
  direction?: 'max' | 'min';
  /** Where the budget comes from (issue number and words), and anything a reader needs. */
  note?: string;
}

export interface BenchContext {
  /** DynamoDB Local endpoint started by the runner (in-memory, shared by all modules). */
  dynamoEndpoint: string;
  /** A scratch directory for this run. */
  tmpDir: string;
}

export type BenchModule = {
  /** Groups the figures in the report (e.g. `publicCard`). */
  name: string;
  measure(ctx: BenchContext): Promise<Record<string, Figure>>;
};

export function held(f: Figure): boolean | undefined {
  if (f.budget === undefined) return undefined;
  return f.direction === 'min' ? f.value >= f.budget : f.value <= f.budget;
}

/** Median of a list of numbers (the usual summary for repeated timings). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Imports, the local server on a free port (`base`) and a fresh table with admin `admin` (argv[2]: DynamoDB Local). */
function serverPreamble(o: { root: string; tablePrefix: string }): string {
  const path = (p: string) => JSON.stringify(`${o.root}/${p}`);
  return `
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareLocal } from ${path('functions/local/prepare.ts')};
import { createLocalServer } from ${path('functions/local/server.ts')};

process.env.LOG_LEVEL = 'silent';
const server = createLocalServer({ staticDir: join(tmpdir(), 'no-web') });
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = 'http://127.0.0.1:' + server.address().port;
await prepareLocal({
  endpoint: process.argv[2], tableName: '${o.tablePrefix}' + randomBytes(4).toString('hex'),
  uploadsDir: mkdtempSync(join(tmpdir(), 'vk-bench-uploads-')), authSecret: randomBytes(32).toString('hex'),
  adminUsername: 'admin', adminPassword: 'bench-passwort-1', publicBaseUrl: base,
});
`;
}

/**
 * Start of a bench worker script (run in its own process, its table name from `tablePrefix`):
 * imports, the local server with capacity tracking, a fresh table with admin `admin`, an `api()`
 * helper and the admin's `token`. The worker gets DynamoDB Local's endpoint as argv[2].
 */
export function benchWorkerPrelude(o: { root: string; tablePrefix: string }): string {
  const path = (p: string) => JSON.stringify(`${o.root}/${p}`);
  return `
import { capacityLog } from ${path('functions/lib/db.ts')};
process.env.TRACK_CAPACITY = '1';
${serverPreamble(o)}
async function api(method, p, body, token) {
  const res = await fetch(base + p, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json();
  if (!res.ok) throw new Error(method + ' ' + p + ': ' + res.status + ' ' + JSON.stringify(data));
  return data;
}
const token = (await api('POST', '/api/auth', { username: 'admin', password: 'bench-passwort-1' })).token;
`;
}

/**
 * The local server in a process of its own that samples its RSS every 20 ms, so a figure is the
 * server's memory, not the client's copy of the answers. `ask('mark')` sets a new baseline (after a
 * GC), `ask('report')` answers the peak since the last mark.
 */
export async function startMemoryServer(o: { root: string; tmpDir: string; dynamoEndpoint: string; tablePrefix: string }): Promise<{
  base: string; ask: (line: 'mark' | 'report') => Promise<{ baseline: number; peak: number }>; close: () => void;
}> {
  const script = join(o.tmpDir, `${o.tablePrefix}server.mts`);
  writeFileSync(script, `
${serverPreamble(o)}
import { createInterface } from 'node:readline';
let baseline = process.memoryUsage().rss;
let peak = baseline;
setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20).unref();
console.log(JSON.stringify({ base }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'mark') { globalThis.gc?.(); baseline = process.memoryUsage().rss; peak = baseline; console.log(JSON.stringify({ baseline })); }
  else if (line === 'report') { peak = Math.max(peak, process.memoryUsage().rss); console.log(JSON.stringify({ baseline, peak })); }
  else break;
}
server.closeAllConnections();
server.close();
process.exit(0);
`);
  const child = spawn(process.execPath, ['--expose-gc', script, o.dynamoEndpoint], { cwd: o.root, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, any>;
  const { base } = await next();
  return {
    base,
    ask: async (line) => { child.stdin!.write(`${line}\n`); return (await next()) as { baseline: number; peak: number }; },
    close: () => { child.stdin!.end('quit\n'); },
  };
}

/** JSON calls to the bench server; a failed one throws with its status and the start of its answer. */
export function benchApi(base: string) {
  return async (method: string, p: string, body?: unknown, token?: string): Promise<any> => {
    const res = await fetch(base + p, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const data = await res.json() as any;
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(data).slice(0, 300)}`);
    return data;
  };
}

/** The admin's token and a company with `credits` and one profile with one address, made through the API. */
export async function benchCompany(api: ReturnType<typeof benchApi>, o: { org: string; credits: number; profile: Record<string, unknown> }) {
  const token = (await api('POST', '/api/auth', { username: 'admin', password: 'bench-passwort-1' })).token as string;
  const company = await api('POST', '/api/card/company', { org: o.org, userIds: [] }, token);
  await api('POST', '/api/card/company/credit/history', { companyId: company.id, credits: o.credits }, token);
  const profile = await api('POST', '/api/card/company/profil', { companyId: company.id, ...o.profile }, token);
  return { token, company: company as { id: string }, profile: profile as { id: string } };
}
