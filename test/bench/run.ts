// Runs every bench module and writes bench/report.json. Exit code 1 when a budget is not held.
import { mkdtemp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal } from '../../functions/local/dynamo-local.ts';
import { held, median } from './harness.ts';
import type { BenchContext, BenchModule, Figure } from './harness.ts';

const root = resolve(import.meta.dirname, '../..');

/** A fixed piece of CPU work (SHA-256-free arithmetic), so timings can be compared across machines. */
function cpuBaselineMs(): number {
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i * 31) % 1_000_003;
    if (x < 0) console.log(x);
    runs.push(performance.now() - t);
  }
  return median(runs);
}

async function dynamoBaselineMs(endpoint: string): Promise<number> {
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const TableName = 'bench_baseline';
  await client.send(new CreateTableCommand({
    TableName, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  }));
  const runs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'x' } } }));
    runs.push(performance.now() - t);
  }
  await client.send(new DeleteTableCommand({ TableName }));
  client.destroy();
  return median(runs.slice(5));
}

/**
 * Each module measures in a process of its own, as a fresh Lambda container would: the handlers
 * read their configuration (table, uploads folder) once per process, so two modules' servers in
 * one process would share the first one's table.
 */
async function measureInChild(file: string, ctx: BenchContext): Promise<Record<string, Figure>> {
  const out = join(ctx.tmpDir, `${file}.json`);
  const code = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [import.meta.filename, '--child', file, ctx.dynamoEndpoint, ctx.tmpDir, out], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', done);
  });
  const result = JSON.parse(await readFile(out, 'utf8').catch(() => 'null')) as { figures?: Record<string, Figure>; error?: string } | null;
  if (!result) throw new Error(`Bench-Prozess für ${file} endete mit Code ${code} ohne Ergebnis`);
  if (result.error) throw new Error(result.error);
  return result.figures!;
}

async function child(file: string, dynamoEndpoint: string, tmpDir: string, out: string): Promise<void> {
  const mod = (await import(join(import.meta.dirname, file))).default as BenchModule;
  try {
    await writeFile(out, JSON.stringify({ figures: await mod.measure({ dynamoEndpoint, tmpDir }) }));
  } catch (err) {
    await writeFile(out, JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
  }
  process.exit(0);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const dynamo = await startDynamoLocal();
  const tmpDir = await mkdtemp(join(tmpdir(), 'vk-bench-'));
  const report: Record<string, unknown> = {};
  let failed = false;
  try {
    report.machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      date: new Date().toISOString(),
    };
    report.baselines = {
      cpuLoopMs: { value: cpuBaselineMs(), unit: 'ms', note: '20M modular additions, median of 5' },
      dynamoGetItemMs: { value: await dynamoBaselineMs(dynamo.endpoint), unit: 'ms', note: 'GetItem round trip to DynamoDB Local, median of 45' },
    } satisfies Record<string, Figure>;
    const files = (await readdir(import.meta.dirname)).filter((f) => f.endsWith('.bench.ts')).sort();
    for (const file of files) {
      const mod = (await import(join(import.meta.dirname, file))).default as BenchModule;
      if (only.length && !only.includes(mod.name)) continue;
      process.stdout.write(`bench ${mod.name} ... `);
      const started = performance.now();
      // A DynamoDB Local of its own per module: one JVM holding every earlier module's tables and
      // items answered 3-4 times slower by the time the later modules ran (raw GetItem 341/s against
      // 1,100-1,700/s fresh), which bent their figures (local throughput 0.36, the tools import).
      const own = await startDynamoLocal();
      try {
        const figures = await measureInChild(file, { dynamoEndpoint: own.endpoint, tmpDir }).finally(() => own.stop());
        const judged = Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { ...f, held: held(f) }]));
        if (Object.values(judged).some((f) => f.held === false)) failed = true;
        report[mod.name] = judged;
        console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
      } catch (err) {
        failed = true;
        report[mod.name] = { error: err instanceof Error ? err.message : String(err) };
        console.log(`Fehler: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await dynamo.stop();
  }
  await mkdir(join(root, 'bench'), { recursive: true });
  const out = join(root, 'bench/report.json');
  await writeFile(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`Bericht: ${out}`);
  for (const [group, figures] of Object.entries(report)) {
    if (group === 'machine' || typeof figures !== 'object' || !figures) continue;
    for (const [k, f] of Object.entries(figures as Record<string, Figure & { held?: boolean }>)) {
      if (f && typeof f === 'object' && 'value' in f) {
        const mark = f.held === undefined ? ' ' : f.held ? '✓' : '✗';
        console.log(`${mark} ${group}.${k}: ${Math.round(f.value * 100) / 100} ${f.unit}${f.budget !== undefined ? ` (Budget ${f.direction === 'min' ? '>=' : '<='} ${f.budget})` : ''}`);
      }
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!, process.argv[5]!, process.argv[6]!);
else await main();
