// Issue 22: the cold start of every route, as the Lambda would pay it. Each route is called in a
// fresh Node process through its function's real bundle (dist layout of infra/bundle.ts: the area's
// dispatcher and the route's own chunk): CPU time of importing the entry plus the first call, over
// a bare module (what any Node process pays), median of 10 processes. Judged is what the cold
// start adds: that figure minus the same call once more in the same process (a warm container),
// because a route's own work is no cold start: a sign-in's password hash (60-80 ms by design) or
// signing a pass is paid by every call. Both figures are in the note.
// The call is a real one (the route fixtures of test/api/route-fixtures.ts, wallet configured
// against local fakes), against DynamoDB Local through the same table the local server writes.
// CPU time, not wall time: on a shared machine wall time mostly measures the other processes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiRouteKey, fillPath, routeKey } from '../../shared/api/define.ts';
import type { RouteDef } from '../../shared/api/define.ts';
import { areaOfRoute, routeList } from '../../shared/api/routes.ts';
import { STORED_PASSES_PREFIX } from '../../shared/api/needs.ts';
import { allEntries, bundleAll, routeChunks } from '../../infra/bundle.ts';
import type { BuiltFunction } from '../../infra/bundle.ts';
import { startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { multipart } from '../helpers/images.ts';
import { makeServiceAccount, makeTestChain, PASS_TYPE_ID, startFakeApns, startFakeGoogle, TEAM_ID } from '../helpers/wallet-fakes.ts';
import { createFixtureTenant, fixtureContext, routeFixtures } from '../api/route-fixtures.ts';
import type { Call, FixtureContext, Tenant } from '../api/route-fixtures.ts';
import { buildWeb } from '../../web/build.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const RUNS = Number(process.env.COLD_START_RUNS ?? 10);
/** While working on one route: `COLD_START_ROUTES=cardGet,authLogin npm run bench coldStart`. */
const ONLY = process.env.COLD_START_ROUTES?.split(',').filter(Boolean);
/** `COLD_START_PROFILE=<dir>`: every child also writes a V8 CPU profile there (node --cpu-prof). */
const PROFILE_DIR = process.env.COLD_START_PROFILE;
/**
 * An A/B against another build (a `cold-start` folder of an earlier run, e.g. of another commit):
 * `COLD_START_AB=/tmp/vk-bench-…/cold-start`. Each run alternates both builds with the same events
 * and prints both medians, so load on the machine hits both alike (both get the same first event:
 * for read routes). The route's function folder
 * must have the same name in both.
 */
const AB_DIR = process.env.COLD_START_AB;
/**
 * The Apple pass routes serve the pass the card-changed job stored (functions/domain/wallet/
 * stored-pass.ts): judged on that path, with the job drained before each call as it has run in
 * AWS. Their miss (no current stored pass: passkit-generator loaded, the pass signed) is measured
 * too and reported without a budget.
 */
const STORED_PASS_ROUTES = new Set(['walletPkpassCreate', 'walletPkpassGet', 'walletPkpassPublic', 'passkitPass']);
/** Issue 22: the public card's CDN miss, and every other route. */
const BUDGET_MS: Record<string, number> = { cardGet: 25 };
const DEFAULT_BUDGET_MS = 60;

interface Prepared { call: Call; headers?: Record<string, string>; status: number }

/**
 * Calls the fixtures cannot make while the wallet is configured (they run without it, where
 * building a pass is a 503): the same calls with what a configured server answers, and the
 * PassKit web service with the pass's own authentication token.
 */
function walletCalls(s: TestServer, passToken: (serial: string) => Promise<string>): Partial<Record<string, (c: FixtureContext, t: Tenant) => Promise<Prepared>>> {
  const fixture = (name: string, status: number) => async (c: FixtureContext, t: Tenant) => ({ call: await routeFixtures[name]!.call(c, t), status });
  const apple = async (serial: string) => ({ authorization: `ApplePass ${await passToken(serial)}` });
  const registration = async (t: Tenant, deviceId: string) => ({ deviceId, passTypeId: PASS_TYPE_ID, serial: t.person.id });
  return {
    walletPkpassCreate: fixture('walletPkpassCreate', 200),
    walletPkpassGet: fixture('walletPkpassGet', 200),
    walletGooglecardCreate: fixture('walletGooglecardCreate', 200),
    walletPkpassPublic: fixture('walletPkpassPublic', 200),
    walletGooglecardPublic: fixture('walletGooglecardPublic', 302),
    passkitRegister: async (_c, t) => ({
      call: { params: await registration(t, uniqueName('geraet')), body: { pushToken: 'abc123' } }, headers: await apple(t.person.id), status: 201,
    }),
    passkitUnregister: async (_c, t) => {
      const params = await registration(t, uniqueName('geraet'));
      const headers = await apple(t.person.id);
      const res = await fetch(`${s.baseUrl}${fillPath('/api/wallet/passkit/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}', params)}`, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ pushToken: 'abc123' }),
      });
      if (res.status !== 201) throw new Error(`Registrierung für passkitUnregister: ${res.status}`);
      return { call: { params }, headers, status: 200 };
    },
    passkitSerials: async () => ({ call: { params: { deviceId: uniqueName('geraet'), passTypeId: PASS_TYPE_ID } }, status: 204 }),
    passkitPass: async (_c, t) => ({ call: { params: { passTypeId: PASS_TYPE_ID, serial: t.person.id } }, headers: await apple(t.person.id), status: 200 }),
  };
}

/** The API Gateway HTTP API (v2) event of a call, as API Gateway sends it; function URLs get `$default`. */
function eventFor(route: RouteDef, p: Prepared, token: string | undefined): unknown {
  const path = fillPath(route.path, p.call.params);
  const query = p.call.query ?? {};
  const headers: Record<string, string> = { 'user-agent': 'bench', 'x-viewer-address': '127.0.0.1', ...p.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  let isBase64Encoded = false;
  if (p.call.multipart) {
    const m = multipart(p.call.multipart);
    headers['content-type'] = m.contentType;
    body = m.body.toString('base64');
    isBase64Encoded = true;
  } else if (p.call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.call.body);
  }
  // API Gateway's own key: a GET route is declared as `ANY` (shared/api/define.ts apiRouteKey).
  const key = route.functionUrl ? '$default' : apiRouteKey(route);
  return {
    version: '2.0', routeKey: key, rawPath: path, rawQueryString: new URLSearchParams(query).toString(), headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(p.call.params && !route.functionUrl ? { pathParameters: p.call.params } : {}),
    requestContext: {
      accountId: 'bench', apiId: 'bench', domainName: 'localhost', domainPrefix: 'bench', requestId: `bench-${Math.random()}`, routeKey: key,
      stage: '$default', time: new Date().toISOString(), timeEpoch: Date.now(),
      http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded,
  };
}

/** One fresh process: import the entry, call it (first), call it again (warm). CPU in ms. */
const CHILD = `
const { readFileSync } = process.getBuiltinModule('node:fs');
const [entry, firstFile, warmFile] = process.argv.slice(2);
const first = JSON.parse(readFileSync(firstFile, 'utf8'));
const warm = JSON.parse(readFileSync(warmFile, 'utf8'));
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 };
const ms = (u) => (u.user + u.system) / 1000;
const start = process.cpuUsage();
const mod = await import(entry);
const imported = ms(process.cpuUsage(start));
const r1 = await mod.handler(first, context);
const cold = ms(process.cpuUsage(start));
// In a CPU profile (COLD_START_PROFILE), 2 ms in this function mark where the cold start ends and the warm call begins.
if (process.env.COLD_START_PROFILE_MARK) (function coldStartEnds() { const end = performance.now() + 2; while (performance.now() < end); })();
// COLD_START_RM: files removed before the warm call too, outside both measurements (a stored pass: its miss).
for (const path of (process.env.COLD_START_RM ?? '').split(',').filter(Boolean)) process.getBuiltinModule('node:fs').rmSync(path, { force: true });
const w = process.cpuUsage();
const r2 = await mod.handler(warm, context);
const warmMs = ms(process.cpuUsage(w));
process.stdout.write(JSON.stringify({ imported, cold, warm: warmMs, status: r1.statusCode, warmStatus: r2.statusCode, body: r1.statusCode >= 400 ? String(r1.body).slice(0, 300) : '' }));
process.exit(0);
`;

interface Sample { imported: number; cold: number; warm: number; status: number; warmStatus: number; body: string }

const bench: BenchModule = {
  name: 'coldStart',
  async measure(ctx: BenchContext) {
    const out = join(ctx.tmpDir, 'cold-start');
    await mkdir(out, { recursive: true });
    // The card page's bundle carries this build's card.html (infra/card-page-file.ts): a stale one fails its route.
    await buildWeb({ onlyIfStale: true });
    // Run on this machine: native packages (sharp) in this machine's build, not the Lambda's arm64 one.
    const built: Record<string, BuiltFunction> = await bundleAll(allEntries(), out, { native: 'host' });

    // The wallet configured against local fakes, as in the wallet API tests (read once per process).
    const chain = makeTestChain();
    const apns = await startFakeApns(chain);
    const google = await startFakeGoogle();
    const sa = makeServiceAccount(chain.dir, google.tokenUrl);
    Object.assign(process.env, {
      LOG_LEVEL: 'silent', APPLE_PASS_TYPE_ID: PASS_TYPE_ID, APPLE_TEAM_ID: TEAM_ID, APPLE_PASS_CERT_FILE: chain.files.signerCert,
      APPLE_PASS_KEY_FILE: chain.files.signerKey, APPLE_WWDR_CERT_FILE: chain.files.wwdr, APNS_HOST: apns.host, APNS_CA_FILE: chain.files.root,
      GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_KEY_FILE: sa.file, GOOGLE_WALLET_API_URL: google.apiUrl,
      WALLET_LINK_SECRET: 'bench-link-secret-'.padEnd(48, 'x'),
    });
    const s = await startTestServer({ endpoint: ctx.dynamoEndpoint });
    const { passAuthToken } = await import('../../functions/lib/wallet/link-signature.ts');
    const c = fixtureContext(s);
    const t = await createFixtureTenant(c);
    const special = walletCalls(s, passAuthToken);
    const storedPassFile = join(s.uploadsDir, STORED_PASSES_PREFIX, `${t.person.id}.pkpass`);
    const freshAdmin = async () => {
      const username = uniqueName('admin');
      const res = await s.call('userCreate', { token: await s.adminToken(), body: { username, email: `${username}@beispiel.de`, firstname: 'Bench', lastname: 'Admin', password: 'Kalt-Ofen-Bench-731', userGroupId: 'admin' } });
      if (res.status !== 200) throw new Error(`Admin anlegen: ${res.status}`);
      return s.login(username, 'Kalt-Ofen-Bench-731');
    };
    const prepare = async (route: RouteDef): Promise<{ event: unknown; status: number }> => {
      const f = routeFixtures[route.name];
      if (!f) throw new Error(`${route.name}: keine Fixture in test/api/route-fixtures.ts`);
      const p = special[route.name] ? await special[route.name]!(c, t) : { call: await f.call(c, t), status: f.admin ?? 200 };
      const token = route.access === 'public' ? undefined : f.ownCallers ? await freshAdmin() : await s.adminToken();
      // The card-changed job has run after the fixtures' writes (in AWS within seconds): the pass is stored.
      if (STORED_PASS_ROUTES.has(route.name)) await s.cardChanges.drain();
      return { event: eventFor(route, p, token), status: p.status };
    };

    const childFile = join(ctx.tmpDir, 'cold-start-child.mjs');
    await writeFile(childFile, CHILD);
    const bare = join(ctx.tmpDir, 'cold-start-bare.mjs');
    await writeFile(bare, 'export const handler = async () => ({ statusCode: 200 });\n');
    const runRaw = async (entry: string, first: unknown, warm: unknown, env: NodeJS.ProcessEnv) => {
      const files = [join(ctx.tmpDir, 'event-first.json'), join(ctx.tmpDir, 'event-warm.json')] as const;
      await writeFile(files[0], JSON.stringify(first));
      await writeFile(files[1], JSON.stringify(warm));
      const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, '--cpu-prof-interval=100'] : [];
      // Asynchronously: the fake Google and APNs servers of this process answer the child meanwhile.
      return promisify(execFile)(process.execPath, [...profile, childFile, pathToFileURL(entry).href, ...files], { encoding: 'utf8', env: PROFILE_DIR ? { ...env, COLD_START_PROFILE_MARK: '1' } : env, timeout: 60_000 });
    };
    const run = async (entry: string, first: unknown, warm: unknown, env: NodeJS.ProcessEnv = process.env): Promise<Sample> => JSON.parse((await runRaw(entry, first, warm, env)).stdout) as Sample;
    /** A call that answered otherwise than expected, once more with the function's log lines, so the error says why. */
    const logOf = async (entry: string, route: RouteDef): Promise<string> => {
      const { stdout, stderr } = await runRaw(entry, (await prepare(route)).event, (await prepare(route)).event, { ...process.env, LOG_LEVEL: 'info' }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
      return `${stderr}${stdout}`.split('\n').filter((l) => l.includes('"level":"error"') || l.includes('"level":"warn"')).join('\n').slice(0, 2000);
    };

    const bareRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) bareRuns.push((await run(bare, {}, {})).cold);
    const bareMs = median(bareRuns);

    const figures: Record<string, Figure> = {
      bareNodeCpuMs: { value: bareMs, unit: 'ms', note: `CPU of importing and calling an empty module in a fresh process, median of ${RUNS}; subtracted from every route` },
    };
    let largest = { name: '', bytes: 0 };
    for (const route of routeList.filter((r) => !ONLY || ONLY.includes(r.name))) {
      const fn = built[route.functionUrl ? `url-${route.functionUrl}` : areaOfRoute[route.name]!]!;
      const samples: Sample[] = [];
      const other: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        const first = await prepare(route);
        const warm = await prepare(route);
        if (AB_DIR) other.push(await run(join(AB_DIR, basename(fn.dir), 'index.mjs'), first.event, (await prepare(route)).event));
        const sample = await run(join(fn.dir, 'index.mjs'), first.event, warm.event);
        if (sample.status !== first.status || sample.warmStatus !== warm.status) {
          throw new Error(`${route.name}: Status ${sample.status}/${sample.warmStatus} statt ${first.status} ${sample.body}\n${await logOf(join(fn.dir, 'index.mjs'), route)}`);
        }
        samples.push(sample);
      }
      if (process.env.COLD_START_SAMPLES) process.stderr.write(`  ${route.name} samples (import + first / warm): ${samples.map((x) => `${x.cold.toFixed(1)}/${x.warm.toFixed(1)}`).join(' ')}\n`);
      if (AB_DIR) {
        // Import + first call beside the judged figure: a route whose warm call swings with where V8's
        // first major GC falls (uploadCreate) moves the judged figure by ±10 ms, not its cold part.
        const judged = (list: Sample[]) => `${(median(list.map((x) => x.cold - x.warm)) - bareMs).toFixed(1)} ms (import + first call ${(median(list.map((x) => x.cold)) - bareMs).toFixed(1)}, warm ${median(list.map((x) => x.warm)).toFixed(1)})`;
        process.stderr.write(`  A/B ${route.name}: this build ${judged(samples)}, ${AB_DIR} ${judged(other)}\n`);
      }
      const cold = median(samples.map((x) => x.cold)) - bareMs;
      const added = median(samples.map((x) => x.cold - x.warm)) - bareMs;
      const { bytes } = routeChunks(fn, route);
      if (bytes > largest.bytes) largest = { name: route.name, bytes };
      const budget = BUDGET_MS[route.name] ?? DEFAULT_BUDGET_MS;
      const stored = STORED_PASS_ROUTES.has(route.name) ? ' (the pass stored by the card-changed job)' : '';
      figures[`${route.name}ColdCpuMs`] = {
        value: Math.round(added * 10) / 10, unit: 'ms', budget, direction: 'max',
        note: `${routeKey(route)}${stored}: what a cold start adds (import + first call over a bare Node, minus a warm call), median of ${RUNS}; import + first call ${cold.toFixed(1)} ms (the dispatcher alone ${(median(samples.map((x) => x.imported)) - bareMs).toFixed(1)} ms), a warm call ${median(samples.map((x) => x.warm)).toFixed(1)} ms; the route's static module graph ${(bytes / 1024).toFixed(0)} KiB`,
      };
      if (STORED_PASS_ROUTES.has(route.name)) {
        // The miss: no stored pass before either call (both build and sign). Informational, no budget.
        const misses: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const first = await prepare(route);
          const warm = await prepare(route);
          await rm(storedPassFile, { force: true });
          const sample = await run(join(fn.dir, 'index.mjs'), first.event, warm.event, { ...process.env, COLD_START_RM: storedPassFile });
          if (sample.status !== first.status || sample.warmStatus !== warm.status) throw new Error(`${route.name} (miss): Status ${sample.status}/${sample.warmStatus} statt ${first.status} ${sample.body}`);
          misses.push(sample);
        }
        const missAdded = median(misses.map((x) => x.cold - x.warm)) - bareMs;
        figures[`${route.name}MissColdCpuMs`] = {
          value: Math.round(missAdded * 10) / 10, unit: 'ms',
          note: `${routeKey(route)} without a current stored pass (a card changed and the job not yet run, or never stored): what the cold start adds, median of ${RUNS}; import + first call ${(median(misses.map((x) => x.cold)) - bareMs).toFixed(1)} ms, a warm call (building too) ${median(misses.map((x) => x.warm)).toFixed(1)} ms. No budget: informational`,
        };
      }
    }
    figures.largestRouteBundleKiB = { value: Math.round(largest.bytes / 1024), unit: 'KiB', note: `the largest static module graph of a route (entry, own chunk and the chunks it imports; what it loads on demand comes on top): ${largest.name}` };
    await s.close();
    await apns.close();
    await google.close();
    return figures;
  },
};

export default bench;
