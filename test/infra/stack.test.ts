import { describe, expect, test } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { runInNewContext } from 'node:vm';
import { VisitenkartenStack } from '../../infra/stack.ts';
import { routeList } from '../../shared/api/routes.ts';
import { cloudFrontFunctionCode, viewerAddressFunctionCode } from '../../shared/edge-functions.ts';

// Bundling is skipped here: the assertions are about the resources, and esbuild per handler would take minutes.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new VisitenkartenStack(app, 'Test');
const template = Template.fromStack(stack);

describe('CDK stack', () => {
  test('every route-table entry has an API route and its own function', () => {
    const apiRoutes = template.findResources('AWS::ApiGatewayV2::Route');
    const routeKeys = Object.values(apiRoutes).map((r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey).sort();
    expect(routeKeys).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('Fn'));
    expect(functions.length).toBe(routeList.length);
    for (const [, fn] of functions) {
      expect((fn as { Properties: Record<string, unknown> }).Properties).toMatchObject({ Architectures: ['arm64'], Runtime: 'nodejs24.x' });
    }
  });

  test('the table is on-demand with point-in-time recovery and both GSIs', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' }), Match.objectLike({ IndexName: 'gsi2' })],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  test('buckets are private and encrypted', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(2);
    for (const b of Object.values(buckets)) {
      const p = (b as { Properties: Record<string, any> }).Properties;
      expect(p.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
      expect(p.BucketEncryption).toBeDefined();
    }
  });

  test('CloudFront uses origin access control, the rewrite function and an /api/* behaviour', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*' })],
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  test('/api/* keeps Authorization in the cache key, so signed-in GETs reach the Lambda with their token', () => {
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
        }),
      }),
    });
    const dist = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string; CachePolicyId: unknown; FunctionAssociations?: unknown[] }[] } } };
    const api = dist.Properties.DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(JSON.stringify(api.CachePolicyId)).toContain('ApiCache');
    expect(api.FunctionAssociations).toHaveLength(1);
  });

  test('a GET-only function may read the table but not write it', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { Roles?: unknown; PolicyDocument: { Statement: { Action: string | string[] }[] } } }[];
    const health = policies.find((p) => JSON.stringify(p.Properties.Roles ?? p).includes('Fnhealth'));
    expect(health).toBeDefined();
    const actions = health!.Properties.PolicyDocument.Statement.flatMap((s) => [s.Action].flat());
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });
});

describe('CloudFront rewrite function', () => {
  const code = cloudFrontFunctionCode();
  const rewrite = (uri: string) =>
    runInNewContext(`${code}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;

  test.each([
    ['/c/abc', '/card.html'],
    ['/c/abc/', '/card.html'],
    ['/c', '/index.html'],
    ['/cards', '/index.html'],
    ['/v2/admin/user', '/index.html'],
    ['/', '/index.html'],
    ['/qr/1/sig', '/index.html'],
    ['/assets/x.js', '/assets/x.js'],
    ['/favicon.svg', '/favicon.svg'],
    ['/api/x', '/api/x'],
    ['/api/card/abc', '/api/card/abc'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('CloudFront viewer-address function', () => {
  test('overwrites whatever address the client claimed with the connection address', () => {
    const out = runInNewContext(`${viewerAddressFunctionCode()}\nhandler({ viewer: { ip: '203.0.113.7' }, request: { uri: '/api/auth', headers: { 'x-viewer-address': { value: '1.2.3.4' } } } })`) as { headers: Record<string, { value: string }> };
    expect(out.headers['x-viewer-address']).toEqual({ value: '203.0.113.7' });
  });
});
