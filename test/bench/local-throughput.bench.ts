// Issue 22: how much of DynamoDB Local's pace the local API keeps. The public card's CDN miss
// (`GET /api/card/{id}`: the local server, the route's handler, a GetItem and a BatchGetItem)
// against a raw GetItem of the same card holder's item, both with 20 requests in flight from a
// load process of their own, one right after the other, 5 rounds. Judged is the median of the
// rounds' ratios (on a shared machine the neighbours' load changes from second to second, so only
// neighbouring runs compare). Budget: the API at 0.8 of the raw GetItem's requests per second. "Raw GetItem" is the AWS SDK's DynamoDBClient
// sending GetItemCommand (as bench/run.ts's DynamoDB baseline does, and as the 0.66 was
// measured); the same item replayed as fixed bytes (no client work at all) is reported beside it.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keys } from '../../functions/lib/keys.ts';
import { tableName } from '../../functions/lib/db.ts';
import { startTestServer } from '../helpers/server.ts';
import { createFixtureTenant, fixtureContext } from '../api/route-fixtures.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const CONNECTIONS = 20;
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 5);
const WARMUP_MS = 1_000;
const MEASURE_MS = Number(process.env.THROUGHPUT_MS ?? 3_000);

/**
 * The load process: `connections` requests in flight, each loop sending the next when the last
 * answer is read; plain HTTP on kept-alive connections, or the SDK's client (`sdk`).
 */
const LOAD = (root: string) => `
import { Agent, request } from 'node:http';
const o = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
const url = new URL(o.url);
let counting = false, stop = false, done = 0, failed = 0;
let one = () => new Promise((ok) => {
  const req = request({ agent, host: url.hostname, port: url.port, path: url.pathname, method: o.method, headers: o.headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => { if (counting) { if (res.statusCode === o.status) done++; else failed++; } ok(); });
  });
  req.on('error', () => { failed++; ok(); });
  req.end(o.body);
});
if (o.sdk) {
  const { DynamoDBClient, GetItemCommand } = await import(${JSON.stringify(join(root, 'node_modules/@aws-sdk/client-dynamodb/dist-cjs/index.js'))});
  const client = new DynamoDBClient({ endpoint: o.url, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const input = JSON.parse(o.body);
  one = () => client.send(new GetItemCommand(input)).then((r) => { if (counting) { if (r.Item) done++; else failed++; } }, () => { if (counting) failed++; });
}
const loop = async () => { while (!stop) await one(); };
const loops = Array.from({ length: o.connections }, loop);
await new Promise((ok) => setTimeout(ok, o.warmupMs));
counting = true;
const t0 = performance.now();
await new Promise((ok) => setTimeout(ok, o.measureMs));
counting = false;
const seconds = (performance.now() - t0) / 1000;
stop = true;
await Promise.all(loops);
agent.destroy();
console.log(JSON.stringify({ perSecond: done / seconds, failed }));
`;

interface Load { url: string; method: string; headers: Record<string, string>; body?: string; status: number; sdk?: boolean }

const root = join(import.meta.dirname, '../..');

const bench: BenchModule = {
  name: 'localThroughput',
  async measure(ctx: BenchContext): Promise<Record<string, Figure>> {
    const s = await startTestServer({ endpoint: ctx.dynamoEndpoint });
    const t = await createFixtureTenant(fixtureContext(s));
    const check = await s.call('cardGet', { params: { id: t.person.id } });
    if (check.status !== 200) throw new Error(`GET /api/card/{id}: ${check.status}`);
    const loadFile = join(ctx.tmpDir, 'throughput-load.mjs');
    await writeFile(loadFile, LOAD(root));
    const run = (load: Load) => new Promise<{ perSecond: number; failed: number }>((ok, fail) => {
      // Asynchronously: the local server in this process answers meanwhile.
      const child = spawn(process.execPath, [loadFile, JSON.stringify({ ...load, connections: CONNECTIONS, warmupMs: WARMUP_MS, measureMs: MEASURE_MS })], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out) as { perSecond: number; failed: number }) : fail(new Error(`Lastprozess endete mit ${code}`))));
    });

    const api: Load = { url: `${s.baseUrl}/api/card/${t.person.id}`, method: 'GET', headers: {}, status: 200 };
    // What DynamoDB Local alone manages: the card holder's item, read as the route's first read
    // does, by a client that does nothing else (one request body, sent again and again).
    const raw: Load = {
      url: ctx.dynamoEndpoint, method: 'POST', status: 200,
      headers: {
        'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem',
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/eu-central-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      },
      body: JSON.stringify({ TableName: tableName(), Key: { pk: { S: keys.person(t.person.id).pk }, sk: { S: keys.person(t.person.id).sk } } }),
    };
    const sdk: Load = { ...raw, sdk: true };
    const runs = { api: [] as number[], sdk: [] as number[], wire: [] as number[] };
    let failed = 0;
    await run(api); // the server's code compiled and its connections open before the first round
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, load] of [['sdk', sdk], ['api', api], ['wire', raw]] as const) {
        const r = await run(load);
        runs[name].push(r.perSecond);
        failed += r.failed;
      }
    }
    await s.close();
    if (failed) throw new Error(`${failed} Anfragen mit unerwartetem Status`);
    const [apiPerSecond, sdkPerSecond, wirePerSecond] = [median(runs.api), median(runs.sdk), median(runs.wire)];
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
    const ratios = runs.api.map((a, i) => a / runs.sdk[i]!);
    return {
      ratio: {
        value: Math.round(median(ratios) * 100) / 100, unit: 'x', budget: 0.8, direction: 'min',
        note: `issue 22: GET /api/card/{id} through the local server against a raw GetItem of the card holder's item by the SDK's DynamoDBClient, ${CONNECTIONS} in flight, median of ${ROUNDS} rounds' ratios (${ratios.map((r) => r.toFixed(2)).join('/')}), ${MEASURE_MS / 1000} s each (API ${list(runs.api)}/s, SDK ${list(runs.sdk)}/s)`,
      },
      apiPerSecond: { value: Math.round(apiPerSecond), unit: 'req/s', note: `GET /api/card/{id}, local server, ${CONNECTIONS} in flight` },
      rawGetItemPerSecond: { value: Math.round(sdkPerSecond), unit: 'req/s', note: `GetItem by the SDK's DynamoDBClient straight to DynamoDB Local, ${CONNECTIONS} in flight` },
      wireGetItemPerSecond: {
        value: Math.round(wirePerSecond), unit: 'req/s',
        note: `the same GetItem as fixed bytes on kept-alive connections (no client work: DynamoDB Local's own pace on this machine), ${list(runs.wire)}; the API is ${(apiPerSecond / wirePerSecond).toFixed(2)} of it with two reads per request`,
      },
    };
  },
};

export default bench;
