// Issue 22, the figure behind "no SDK client on request paths" (docs/decisions.md): what a Lambda
// cold start pays for one DynamoDB GetItem through (sdk) the SDK's document client
// (@aws-sdk/client-dynamodb with lib-dynamodb, as the functions used before issue 22) and
// (caller) the signed JSON-protocol caller every route uses now (functions/lib/dynamo.ts). Each
// side is one esbuild build with the Lambda bundles' options (infra/bundle-options.ts: ESM, Node 24,
// minified, code splitting), run in a fresh Node process: CPU of import plus the first GetItem over
// a bare module, and of a second (warm) GetItem. The three alternate, so the neighbours' load hits
// all alike; median of the runs. Reported, not judged (the budgets are per route: coldStart).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { handlerBundle } from '../../infra/bundle-options.ts';
import { median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const RUNS = Number(process.env.SDK_COLD_START_RUNS ?? 15);
const root = resolve(import.meta.dirname, '../..');
const region = 'eu-central-1';
const table = 'sdk_cold_start';
const key = `{ TableName: '${table}', Key: { pk: 'PERSON#1', sk: 'PERSON' } }`;

const sources = {
  sdk: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
let doc;
export async function get() {
  doc ??= DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: '${region}' }), { marshallOptions: { removeUndefinedValues: true } });
  return (await doc.send(new GetCommand(${key}))).Item;
}`,
  caller: `import { DynamoDocument, GetCommand } from ${JSON.stringify(join(root, 'functions/lib/dynamo.ts'))};
import { awsCredentials } from ${JSON.stringify(join(root, 'functions/lib/aws/credentials.ts'))};
let doc;
export async function get() {
  doc ??= new DynamoDocument({ endpoint: process.env.DYNAMODB_ENDPOINT, region: '${region}', credentials: awsCredentials });
  return (await doc.send(new GetCommand(${key}))).Item;
}`,
  bare: 'export async function get() { return { firstname: "Jürgen" }; }',
};

const CHILD = `const ms = (u) => (u.user + u.system) / 1000;
const start = process.cpuUsage();
const m = await import(process.argv[2]);
const imported = ms(process.cpuUsage(start));
const item = await m.get();
const cold = ms(process.cpuUsage(start));
const w = process.cpuUsage();
await m.get();
const warm = ms(process.cpuUsage(w));
if (item?.firstname !== 'Jürgen') throw new Error('unexpected item ' + JSON.stringify(item));
process.stdout.write(JSON.stringify({ imported, cold, warm }));
process.exit(0);`;

type Sample = { imported: number; cold: number; warm: number };

const bench: BenchModule = {
  name: 'sdkColdStart',
  async measure(ctx: BenchContext) {
    const dir = join(ctx.tmpDir, 'sdk-cold-start');
    await mkdir(dir, { recursive: true });
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    const admin = new DynamoDBClient({ endpoint: ctx.dynamoEndpoint, region, credentials });
    await admin.send(new CreateTableCommand({
      TableName: table, BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    }));
    await admin.send(new PutItemCommand({ TableName: table, Item: { pk: { S: 'PERSON#1' }, sk: { S: 'PERSON' }, firstname: { S: 'Jürgen' }, lastname: { S: 'Groß' }, isActive: { BOOL: true } } }));

    const entries: Record<string, string> = {};
    for (const [name, source] of Object.entries(sources)) {
      const entry = join(dir, `${name}-entry.ts`);
      await writeFile(entry, source);
      const outdir = join(dir, name);
      // Code splitting as in the Lambda bundles: what loads on demand (the SDK's credential chain,
      // used only off Lambda) is a chunk of its own, not part of the cold start.
      await build({
        absWorkingDir: root, entryPoints: { index: entry }, outdir, outExtension: { '.js': '.mjs' }, bundle: true, splitting: true,
        format: handlerBundle.format, platform: handlerBundle.platform, target: handlerBundle.target, minify: handlerBundle.minify,
        nodePaths: [join(root, 'node_modules')], logLevel: 'error',
        banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      });
      entries[name] = join(outdir, 'index.mjs');
    }
    const child = join(dir, 'child.mjs');
    await writeFile(child, CHILD);
    const env = { ...process.env, DYNAMODB_ENDPOINT: ctx.dynamoEndpoint, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_REGION: region };
    const samples: Record<string, Sample[]> = { bare: [], sdk: [], caller: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const name of ['bare', 'sdk', 'caller'] as const) {
        const { stdout } = await promisify(execFile)(process.execPath, [child, pathToFileURL(entries[name]!).href], { encoding: 'utf8', env, timeout: 60_000 });
        samples[name]!.push(JSON.parse(stdout) as Sample);
      }
    }
    const bare = median(samples.bare!.map((s) => s.cold));
    const cold = (name: string) => Math.round((median(samples[name]!.map((s) => s.cold)) - bare) * 10) / 10;
    const warm = (name: string) => Math.round(median(samples[name]!.map((s) => s.warm)) * 100) / 100;
    const kib = async (name: string) => Math.round((await stat(entries[name]!)).size / 1024);
    const figures: Record<string, Figure> = {
      sdkColdCpuMs: { value: cold('sdk'), unit: 'ms', note: `SDK document client (client-dynamodb + lib-dynamodb): import + first GetItem over a bare Node, median of ${RUNS}; entry ${await kib('sdk')} KiB` },
      callerColdCpuMs: { value: cold('caller'), unit: 'ms', note: `functions/lib/dynamo.ts (signed JSON-protocol caller): import + first GetItem over a bare Node, median of ${RUNS}; entry ${await kib('caller')} KiB` },
      savedPerColdStartMs: { value: Math.round((cold('sdk') - cold('caller')) * 10) / 10, unit: 'ms', note: 'CPU every cold start of a route that reads the table saves (this machine; a 512 MB arm64 Lambda has a fraction of its CPU)' },
      sdkWarmGetItemCpuMs: { value: warm('sdk'), unit: 'ms', note: 'CPU of a second GetItem in the same process (warm container), SDK' },
      callerWarmGetItemCpuMs: { value: warm('caller'), unit: 'ms', note: 'CPU of a second GetItem in the same process (warm container), own caller' },
    };
    admin.destroy();
    return figures;
  },
};

export default bench;
