import { afterAll, describe, expect, inject, test } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allEntries } from '../../functions/build.ts';
import { bundleAll, bundleDirName } from '../../functions/bundle.ts';
import { AppFunction } from '../../infra/constructs/app-function.ts';
import { areas } from '../../shared/api/routes.ts';

// The real esbuild bundles (the stack test skips bundling): every area and job builds, an area
// bundle dispatches to its routes' handlers, and CDK stages each function's own bundle.
const scratch: string[] = [];
const tempDir = (prefix: string) => { const d = mkdtempSync(join(tmpdir(), prefix)); scratch.push(d); return d; };
afterAll(() => { for (const d of scratch) rmSync(d, { recursive: true, force: true }); });

describe('Lambda bundles', () => {
  test('every area and job bundles; the system bundle answers GET /api/health and 404s an unknown route key', async () => {
    const out = tempDir('vk-bundles-');
    await bundleAll(allEntries(), out);
    for (const entry of allEntries()) {
      const dir = join(out, bundleDirName(entry));
      expect(existsSync(join(dir, 'index.mjs')), dir).toBe(true);
      // The map ships beside the bundle (read only when an error is mapped), not inlined.
      expect(existsSync(join(dir, 'index.mjs.map')), dir).toBe(true);
      expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).not.toContain('sourceMappingURL=data:');
    }
    for (const route of Object.values(areas.user)) expect(readFileSync(join(out, 'user/index.mjs'), 'utf8')).toContain(`${route.method} ${route.path}`);
    // The CSS parser runs where customCss is saved, never on the public card's cold start (issue 19).
    const parserMarkers = ['Unexpected newline while consuming a string token', 'postcss'];
    const card = readFileSync(join(out, 'card/index.mjs'), 'utf8');
    for (const marker of parserMarkers) expect(card.includes(marker), `card bundle contains ${marker}`).toBe(false);
    expect(readFileSync(join(out, 'profile/index.mjs'), 'utf8')).toContain(parserMarkers[0]);

    Object.assign(process.env, { TABLE_NAME: 'no_such_table', DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), UPLOADS_DIR: out, AUTH_SECRET: 'x'.repeat(32), AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
    const { handler } = (await import(pathToFileURL(join(out, 'system/index.mjs')).href)) as { handler: (e: unknown, c: unknown) => Promise<{ statusCode: number; body: string }> };
    const event = (routeKey: string) => ({ routeKey, rawPath: '/api/health', headers: {}, requestContext: { requestId: 'r1', http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1' } } });
    const health = await handler(event('GET /api/health'), {});
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'degraded', table: false });
    const unknown = await handler(event('GET /api/nope'), {});
    expect(unknown.statusCode).toBe(404);
  }, 90_000);

  test('CDK stages each function with its own bundle (not one cached bundle for all)', () => {
    const outdir = tempDir('vk-cdk-bundle-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundles');
    const resources = {
      table: new dynamodb.TableV2(stack, 'T', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } }),
      uploads: new s3.Bucket(stack, 'U'),
      logBucket: new s3.Bucket(stack, 'L'),
      authSecret: new secretsmanager.Secret(stack, 'S'),
      invalidationQueue: new sqs.Queue(stack, 'Q'),
      walletConfigSecret: new secretsmanager.Secret(stack, 'W'),
      walletLinkSecret: new secretsmanager.Secret(stack, 'WL'),
    };
    new AppFunction(stack, 'System', { entry: { area: 'system' }, description: 'system', needs: {}, resources, environment: {} });
    new AppFunction(stack, 'Job', { entry: { job: 'cdn-invalidate' }, description: 'job', needs: {}, resources, environment: {} });
    app.synth();
    const bundles = readdirSync(outdir).filter((d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'index.mjs')))
      .map((d) => readFileSync(join(outdir, d, 'index.mjs'), 'utf8'));
    expect(bundles).toHaveLength(2);
    expect(bundles.filter((b) => b.includes('GET /api/health'))).toHaveLength(1);
    expect(bundles.filter((b) => b.includes('CreateInvalidation'))).toHaveLength(1);
  }, 90_000);
});
