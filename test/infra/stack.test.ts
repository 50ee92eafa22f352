import { afterAll, describe, expect, test } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { runInNewContext } from 'node:vm';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { VisitenkartenStack } from '../../infra/stack.ts';
import { VisitenkartenWafStack } from '../../infra/waf-stack.ts';
import { jobs } from '../../infra/jobs.ts';
import { CARD_CHANGED_SOURCE } from '../../functions/jobs/card-changed-source.ts';
import { apiRoutesByArea, areas, routeList } from '../../shared/api/routes.ts';
import { apiRouteKey, defineRoute } from '../../shared/api/define.ts';
import type { RouteDef } from '../../shared/api/define.ts';
import { cardPageFunctionCode, cloudFrontFunctionCode, ORIGIN_SECRET_HEADER, viewerAddressFunctionCode } from '../../shared/edge-functions.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from '../../shared/security-headers.ts';
import { CDN_LOG_PREFIX } from '../../shared/api/needs.ts';
import { HTTP_API_TIMEOUT_SECONDS } from '../../infra/constructs/api.ts';
import { DEFAULT_IMPORT_TIME_BUDGET_MS } from '../../functions/lib/env.ts';
import { cdkJsonContext, removeSynthOutput, resourceCount, synth, webDir } from './synth.ts';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';

const WEB_ACL = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/visitenkarten/abc';
const real = synth((app) => new VisitenkartenStack(app, 'Test', { webDir }), { alarmEmail: 'betrieb@beispiel.de', webAclArn: WEB_ACL, publicBaseUrl: 'https://d111.cloudfront.net', mailFrom: 'karten@beispiel.de', auditRetentionDays: '365' });
const { template } = real;
afterAll(removeSynthOutput);
const resources = (type: string) => Object.entries(template.findResources(type)) as [string, { Properties: Record<string, any> }][];
const areaNames = Object.keys(areas);
/** Routes behind API Gateway (those on a function URL have no API route). */
const apiRouteCount = routeList.filter((r) => !r.functionUrl).length;

/** The real route table padded with made-up areas to `total` routes: the stack must still fit. */
function paddedAreas(total: number, extraAreas = 6): Record<string, RouteDef[]> {
  const out: Record<string, RouteDef[]> = apiRoutesByArea();
  for (let i = 0; apiRouteCount + i < total; i++) {
    const area = `pad${i % extraAreas}`;
    (out[area] ??= []).push(defineRoute({
      name: `pad${i}`, method: i % 2 ? 'POST' : 'GET', path: `/api/${area}/r${i}/{id}`, access: 'user', params: z.object({ id: z.string() }),
      handler: `functions/handlers/${area}/pad${i}.ts`, needs: { table: 'read' },
    }));
  }
  return out;
}

describe('resource budget (CloudFormation allows 500 per stack)', () => {
  // 372 with issues 21, 26, 27 and 28 (107 routes, 18 areas); the padded table below is what guards
  // CloudFormation's 500. Past 400 the stack should split (docs/decisions.md).
  test('the real stack stays at or below 400 resources', () => {
    console.info(`resources: ${resourceCount(template)} for ${routeList.length} routes in ${areaNames.length} areas`);
    expect(resourceCount(template)).toBeLessThanOrEqual(400);
  });

  test('a route table padded to 150 routes stays at or below 500', () => {
    const padded = synth((app) => new VisitenkartenStack(app, 'Padded', { webDir, areas: paddedAreas(150) }), { alarmEmail: 'a@b.de', webAclArn: WEB_ACL });
    expect(padded.template.findResources('AWS::ApiGatewayV2::Route')).toSatisfy((r: object) => Object.keys(r).length === 150);
    console.info(`resources at 150 routes: ${resourceCount(padded.template)}`);
    expect(resourceCount(padded.template)).toBeLessThanOrEqual(500);
    expect(padded.findings).toEqual([]);
  });

  test('a route costs exactly one resource (its route; integration and permission are per area), a GET route too (declared as ANY, no HEAD twin)', () => {
    const count = (n: number, id: string) => resourceCount(synth((app) => new VisitenkartenStack(app, id, { areas: paddedAreas(apiRouteCount + n, 1) })).template);
    const [one, two, three] = [count(1, 'A'), count(2, 'B'), count(3, 'C')];
    // The padding alternates GET (pad0, pad2) and POST (pad1).
    expect(two - one).toBe(1);
    expect(three - two).toBe(1);
  }, 120_000);
});

describe('cdk-nag AwsSolutions', () => {
  test('no unacknowledged finding in the main stack (with WAF and web deployment)', () => {
    expect(real.findings).toEqual([]);
  });

  test('no unacknowledged finding without WAF and own domain (the acknowledgements cover that setup)', () => {
    const bare = synth((app) => new VisitenkartenStack(app, 'Bare'));
    expect(bare.findings).toEqual([]);
    // Without a domain or publicBaseUrl the QR codes would point nowhere, without mailFrom no card
    // holder hears of a new contact: synth says so.
    expect(bare.warnings.map((w) => w.rule)).toEqual(['Annotation::visitenkarten:noPublicBaseUrl', 'Annotation::visitenkarten:noMailFrom']);
    expect(real.warnings).toEqual([]);
  });

  test('a real problem is reported (the checks run at all)', () => {
    const bad = synth((app) => {
      const stack = new Stack(app, 'Bad');
      new s3.Bucket(stack, 'Open', { enforceSSL: false });
      return stack;
    });
    expect(bad.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });

  test('the WAF stack has no finding and rate-limits POST /api/auth', () => {
    const waf = synth((app) => new VisitenkartenWafStack(app, 'Waf', { env: { region: 'us-east-1' } }));
    expect(waf.findings).toEqual([]);
    waf.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'sign-in-rate', Action: { Block: {} }, Statement: { RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP' }) } }),
        Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet' }),
      ]),
    });
    expect(JSON.stringify(waf.template.toJSON())).toContain('/api/auth');
  });
});

describe('functions per area', () => {
  const fns = resources('AWS::Lambda::Function').filter(([, f]) => f.Properties.Description?.startsWith('API area') || f.Properties.Description?.startsWith('Job '));

  test('one function per area and per job, Node 24 on arm64, without --enable-source-maps', () => {
    expect(fns.length).toBe(areaNames.length + jobs.length);
    for (const [, fn] of fns) {
      expect(fn.Properties).toMatchObject({ Architectures: ['arm64'], Runtime: 'nodejs24.x', Handler: 'index.handler' });
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain('enable-source-maps');
    }
  });

  test('every route-table entry not on a function URL is an API route integrated with its area function', () => {
    const routes = resources('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(routeList.filter((r) => !r.functionUrl).map(apiRouteKey).sort());
    const integrations = Object.fromEntries(resources('AWS::ApiGatewayV2::Integration').map(([id, i]) => [id, JSON.stringify(i.Properties.IntegrationUri)]));
    for (const [area, list] of Object.entries(apiRoutesByArea())) {
      for (const route of list) {
        const r = routes.find((x) => x.RouteKey === apiRouteKey(route))!;
        const integrationId = (r.Target['Fn::Join'][1][1] as { Ref: string }).Ref;
        expect(integrations[integrationId], route.name).toContain(`ApiArea${area}`);
      }
    }
  });

  test('no API function runs into the HTTP API\'s 30 s: the tools\' time budget plus a slow last row fits inside the function\'s timeout (issue 19 item 8)', () => {
    const budgetSeconds = DEFAULT_IMPORT_TIME_BUDGET_MS / 1000;
    const api = resources('AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties.Description ?? '').startsWith('API area '));
    expect(api).toHaveLength(areaNames.length);
    for (const [name, fn] of api) expect(fn.Properties.Timeout as number, name).toBeLessThanOrEqual(HTTP_API_TIMEOUT_SECONDS - 5);
    const tools = api.find(([, fn]) => String(fn.Properties.Description).startsWith('API area tools:'))!;
    expect(tools[1].Properties.Timeout).toBeGreaterThanOrEqual(budgetSeconds + 5);
  });

  test('HEAD is answered in AWS wherever GET is: every CloudFront behaviour passes HEAD on (cached like GET, forwarded as HEAD on a miss) and every GET route is an ANY route of the API', () => {
    const dist = resources('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
    for (const b of [dist.DefaultCacheBehavior, ...(dist.CacheBehaviors ?? [])]) {
      // Absent means CloudFront's default: GET and HEAD.
      expect(b.AllowedMethods ?? ['GET', 'HEAD'], b.PathPattern ?? 'default').toEqual(expect.arrayContaining(['GET', 'HEAD']));
      expect(b.CachedMethods ?? ['GET', 'HEAD'], b.PathPattern ?? 'default').toEqual(expect.arrayContaining(['GET', 'HEAD']));
    }
    // An HTTP API matches HEAD only to a route declared for HEAD or ANY: every GET route is declared as ANY.
    const keys = new Set(resources('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string));
    // (Routes on a function URL are no API routes: their router answers HEAD itself, test/unit/wallet-links-url.test.ts.)
    const gets = routeList.filter((r) => r.method === 'GET' && !r.functionUrl);
    expect(gets.length).toBeGreaterThan(30);
    expect(gets.filter((r) => !keys.has(`ANY ${r.path}`)).map((r) => r.name)).toEqual([]);
    expect([...keys].filter((k) => k.startsWith('GET ') || k.startsWith('HEAD '))).toEqual([]);
  });

  test('the upload area gets the memory to decode images', () => {
    const upload = fns.find(([id]) => id.startsWith('ApiAreaupload'))!;
    expect(upload[1].Properties.MemorySize).toBe(1536);
  });

  test('grants are least privilege: no managed policies, a read-only area cannot write or read the auth secret', () => {
    for (const [, role] of resources('AWS::IAM::Role').filter(([id]) => id.startsWith('ApiArea') || id.startsWith('Jobs'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
    const policy = (prefix: string) => resources('AWS::IAM::Policy').find(([id]) => id.startsWith(prefix))![1].Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
    const actions = (prefix: string) => policy(prefix).flatMap((s) => [s.Action].flat());
    const system = actions('ApiAreasystem');
    expect(system).toContain('dynamodb:GetItem');
    expect(system).not.toContain('dynamodb:PutItem');
    // Only the origin secret; health is public and never reads the token key.
    expect(policy('ApiAreasystem').filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))).toHaveLength(1);
    expect(actions('ApiAreacompany')).toEqual(expect.arrayContaining(['dynamodb:PutItem', 's3:DeleteObject', 'sqs:SendMessage']));
    expect(actions('ApiAreauser')).not.toContain('s3:GetObject');
    expect(JSON.stringify(policy('ApiAreauser'))).not.toContain('index/*');
    expect(actions('Jobscdninvalidate')).toContain('cloudfront:CreateInvalidation');
    // Issue 27: only the privacy area erases versions (images and the stored pass); the card-changed
    // job only the stored passes' (an erased card's, should its build have raced the erasure).
    const versioned = resources('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('s3:DeleteObjectVersion')).map(([id]) => id);
    expect(versioned).toHaveLength(2);
    expect(versioned).toEqual(expect.arrayContaining([expect.stringMatching(/^ApiAreaprivacy/), expect.stringMatching(/^Jobscardchanged/)]));
    const versionPrefixes = (prefix: string) => policy(prefix).filter((st) => [st.Action].flat().includes('s3:ListBucketVersions')).map((st) => (st as { Condition?: unknown }).Condition);
    expect(versionPrefixes('ApiAreaprivacy')).toEqual(expect.arrayContaining([{ StringLike: { 's3:prefix': ['images/*'] } }, { StringLike: { 's3:prefix': ['wallet-passes/*'] } }]));
    expect(versionPrefixes('Jobscardchanged')).toEqual([{ StringLike: { 's3:prefix': ['wallet-passes/*'] } }]);
  });

  test('every function that reads images may list their prefix, so S3 answers a missing image with 404, not 403', () => {
    const readers = resources('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('/images/*'));
    expect(readers.map(([id]) => id)).toEqual(expect.arrayContaining([expect.stringMatching(/^ApiAreawallet/), expect.stringMatching(/^ApiAreaupload/), expect.stringMatching(/^Jobscardchanged/)]));
    for (const [id, p] of readers) {
      const listing = (p.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[])
        .filter((st) => [st.Action].flat().includes('s3:ListBucket')).map((st) => JSON.stringify(st.Condition));
      expect(listing.some((c) => c.includes('"images/*"')), id).toBe(true);
    }
  });

  test('only the contact area sends e-mail, through SES, only as the configured sender (context mailFrom)', () => {
    const withSes = resources('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:'));
    expect(withSes.map(([id]) => id.replace(/[A-F0-9]{8}$/, ''))).toEqual([expect.stringMatching(/^ApiAreacontact/)]);
    const statement = (withSes[0]![1].Properties.PolicyDocument.Statement as { Action: string[]; Resource: unknown; Condition?: unknown }[]).find((s) => [s.Action].flat().includes('ses:SendRawEmail'))!;
    expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'karten@beispiel.de' } });
    const identities = JSON.stringify(statement.Resource);
    expect(identities).toContain('identity/karten@beispiel.de');
    expect(identities).toContain('identity/beispiel.de');
    const fn = resources('AWS::Lambda::Function').find(([id]) => id.startsWith('ApiAreacontact'))!;
    expect(fn[1].Properties.Environment.Variables.MAIL_FROM).toBe('karten@beispiel.de');
  });
});

describe('CDK hygiene', () => {
  test('cdk.json sets every currently recommended feature flag of the installed aws-cdk-lib (synth reports none unconfigured)', () => {
    const context = cdkJsonContext();
    const missing = Object.keys(CURRENTLY_RECOMMENDED_FLAGS).filter((flag) => !(flag in context));
    expect(missing).toEqual([]);
  });
});

describe('jobs', () => {
  test('every declared job has its module exporting handler', async () => {
    for (const job of jobs) {
      const file = resolve(import.meta.dirname, '../..', job.handler);
      expect(existsSync(file), file).toBe(true);
      expect(typeof ((await import(file)) as { handler?: unknown }).handler, job.name).toBe('function');
    }
  });

  test('the monthly credits run on the 1st at 00:05 Berlin time; the CDN invalidation job consumes its queue', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(5 0 1 * ? *)',
      ScheduleExpressionTimezone: 'Europe/Berlin',
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 10,
      ScalingConfig: { MaximumConcurrency: 2 },
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Invalidations'), 'Arn'] },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }) });
  });

  test('the statistics merge runs hourly and may list, read and delete the CloudFront log files (and nothing else of the bucket)', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'cron(0 * * * ? *)' });
    const policy = JSON.stringify(resources('AWS::IAM::Policy').find(([id]) => id.startsWith('Jobscdnlogmerge'))![1].Properties.PolicyDocument);
    expect(policy).toContain('s3:DeleteObject');
    expect(policy).toContain('/cdn/*');
    expect(policy).toContain('s3:ListBucket');
    expect(policy).toContain(`"s3:prefix":["${CDN_LOG_PREFIX}*"]`);
    const fn = resources('AWS::Lambda::Function').find(([id]) => id.startsWith('Jobscdnlogmerge'))![1];
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain('CDN_LOG_BUCKET');
  });

  test('the image reprocess job has no trigger (an operator invokes it: its name is an output), 15 minutes, the uploads and the table', () => {
    const [id, fn] = resources('AWS::Lambda::Function').find(([i]) => i.startsWith('Jobsimagesreprocess'))!;
    expect(fn.Properties).toMatchObject({ MemorySize: 1536, Timeout: 900, Architectures: ['arm64'] });
    const triggered = [...resources('AWS::Scheduler::Schedule'), ...resources('AWS::Lambda::EventSourceMapping'), ...resources('AWS::Events::Rule')]
      .filter(([, r]) => JSON.stringify(r.Properties).includes(id));
    expect(triggered).toEqual([]);
    const policy = JSON.stringify(resources('AWS::IAM::Policy').find(([i]) => i.startsWith('Jobsimagesreprocess'))![1].Properties.PolicyDocument);
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 'dynamodb:UpdateItem', 'dynamodb:Query', 'sqs:SendMessage']) expect(policy).toContain(action);
    expect(policy).toContain('/images/*');
    expect(template.findOutputs('JobImagesReprocessFunction')).toSatisfy((o: object) => Object.keys(o).length === 1);
  });
});

describe('card changes (issue 21)', () => {
  test('the table streams new images; the card-changed job gets new change items only, batched, retried, split, then dead-lettered with an alarm', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
    const [jobId] = resources('AWS::Lambda::Function').find(([id]) => id.startsWith('Jobscardchanged'))!;
    const mappings = resources('AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(jobId));
    expect(mappings).toHaveLength(1);
    const m = mappings[0]![1].Properties;
    expect(m).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: CARD_CHANGED_SOURCE.batchSize,
      MaximumBatchingWindowInSeconds: CARD_CHANGED_SOURCE.maxBatchingWindowSeconds,
      MaximumRetryAttempts: CARD_CHANGED_SOURCE.retryAttempts,
      BisectBatchOnFunctionError: true,
    });
    expect(JSON.stringify(m.EventSourceArn)).toContain('StreamArn');
    expect(JSON.parse(m.FilterCriteria.Filters[0].Pattern)).toEqual(CARD_CHANGED_SOURCE.filter);
    expect(JSON.stringify(m.DestinationConfig.OnFailure.Destination)).toContain('CardChangedDeadLetters');
    const alarms = resources('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.some((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes('CardChangedDeadLetters'))).toBe(true);
  });

  test('only the jobs invalidate at the CDN; no API function asks for card invalidations or pushes, the card-changed job does', () => {
    const policies = resources('AWS::IAM::Policy');
    const text = (prefix: string) => policies.filter(([id]) => id.startsWith(prefix)).map(([, p]) => JSON.stringify(p.Properties.PolicyDocument)).join('');
    for (const [id, p] of policies) {
      // The web deployment (CDK's BucketDeployment) invalidates the site's files after an upload.
      if (JSON.stringify(p.Properties.PolicyDocument).includes('cloudfront:CreateInvalidation')) expect(id, id).toMatch(/^(Jobs|CustomCDKBucketDeployment)/);
    }
    // Only the two delete routes still queue paths themselves: the image files they delete (not cards).
    for (const area of ['person', 'profile', 'tools', 'user', 'wallet', 'card']) expect(text(`ApiArea${area}`), area).not.toContain('sqs:SendMessage');
    const job = text('Jobscardchanged');
    expect(job).toContain('sqs:SendMessage');
    expect(job).toContain('WalletConfig');
    expect(job).toContain('dynamodb:UpdateItem');
    expect(job).not.toContain('cloudfront:CreateInvalidation');
  });
});

describe('data safety', () => {
  test('the table has deletion protection and point-in-time recovery', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' }), Match.objectLike({ IndexName: 'gsi2' })],
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  test('buckets are private and encrypted; uploads versioned with noncurrent versions expiring; access logs go to the log bucket', () => {
    const buckets = resources('AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
      expect(b.Properties.BucketEncryption).toBeDefined();
    }
    const uploads = buckets.find(([id]) => id.startsWith('Uploads'))![1].Properties;
    expect(uploads.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(uploads.LifecycleConfiguration.Rules[0]).toMatchObject({ NoncurrentVersionExpiration: { NoncurrentDays: 30 } });
    expect(uploads.LoggingConfiguration.LogFilePrefix).toBe('s3/uploads/');
    const logs = buckets.find(([id]) => id.startsWith('Logs'))![1].Properties;
    expect(logs.LifecycleConfiguration.Rules[0]).toMatchObject({ ExpirationInDays: 90 });
    // No job consumes new log objects (the merge is scheduled): no notifications (issue 19).
    expect(logs.NotificationConfiguration).toBeUndefined();
  });
});

describe('CloudFront', () => {
  const dist = resources('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
  const policies = Object.fromEntries(resources('AWS::CloudFront::CachePolicy').map(([id, p]) => [id, p.Properties.CachePolicyConfig]));
  const behaviours = dist.CacheBehaviors as { PathPattern: string; CachePolicyId: unknown; AllowedMethods: string[]; OriginRequestPolicyId?: unknown; FunctionAssociations?: unknown[] }[];
  const policyOf = (b: { CachePolicyId: unknown }) => {
    const ref = JSON.stringify(b.CachePolicyId);
    const id = Object.keys(policies).find((k) => ref.includes(k));
    return id ? policies[id] : undefined;
  };
  // CloudFront: `*` is any run of characters (slashes included), `?` one character; first match wins.
  const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`).test(path);

  test('the response headers policy is the one of shared/security-headers.ts, on every behaviour', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy, Override: true },
          StrictTransportSecurity: { AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        },
      }),
    });
    for (const b of [dist.DefaultCacheBehavior, ...behaviours]) expect(b.ResponseHeadersPolicyId).toBeDefined();
  });

  test('every route reaches a behaviour that fits it: private routes keep Authorization in the key, writes allow all methods', () => {
    for (const route of routeList) {
      const path = route.path.replace(/\{(\w+)\}/g, 'x1');
      const b = behaviours.find((x) => matches(x.PathPattern, path));
      expect(b, route.path).toBeDefined();
      if (route.method !== 'GET') expect(b!.AllowedMethods, `${route.name}`).toContain(route.method === 'PATCH' ? 'PATCH' : route.method);
      const headers = policyOf(b!)?.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig;
      if (route.access !== 'public') expect(headers, route.name).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
      expect(b!.FunctionAssociations, route.name).toHaveLength(1);
    }
  });

  test('the public card and images are cached without Authorization or cookies; the private card routes come first', () => {
    const order = behaviours.map((b) => b.PathPattern);
    expect(order.indexOf('/api/card/company*')).toBeLessThan(order.indexOf('/api/card/*'));
    expect(order.indexOf('/api/card/statistic*')).toBeLessThan(order.indexOf('/api/card/*'));
    // A visitor's contact (POST) passes the public card's cache to the API.
    expect(order.indexOf('/api/card/*/contact')).toBeLessThan(order.indexOf('/api/card/*'));
    expect(behaviours.find((x) => matches(x.PathPattern, '/api/card/x1/contact'))!.AllowedMethods).toContain('POST');
    expect(order.at(-1)).toBe('/api/*');
    for (const pattern of ['/api/card/*', '/api/upload/*/*']) {
      const b = behaviours.find((x) => x.PathPattern === pattern)!;
      const key = policyOf(b)!.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
      expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
      expect(b.OriginRequestPolicyId).toBeUndefined();
    }
    expect(matches('/api/card/*', '/api/card/abc/vcard')).toBe(true);
    expect(behaviours.find((x) => matches(x.PathPattern, '/api/upload/x1'))!.PathPattern).toBe('/api/*');
  });

  test('the tap beacon is a static file from the web bucket, cached at the edge for every query (no Lambda, no write)', () => {
    const b = behaviours.find((x) => x.PathPattern === '/tap.gif')! as unknown as { TargetOriginId: string; AllowedMethods: string[]; CachePolicyId: unknown; FunctionAssociations?: unknown };
    expect(b).toBeDefined();
    expect(b.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations).toBeUndefined();
    const origin = (dist.Origins as { Id: string; S3OriginConfig?: unknown; DomainName: unknown }[]).find((o) => o.Id === b.TargetOriginId)!;
    expect(origin.S3OriginConfig).toBeDefined();
    const policy = policyOf(b)!;
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    expect(policy.MinTTL).toBeGreaterThanOrEqual(3600);
    expect(existsSync(join(webDir, 'tap.gif'))).toBe(true);
  });

  test('the card page /c/* comes from the API, cached and keyed like the card JSON, over HTTPS, every path through the card page function (issue 20)', () => {
    type B = { PathPattern: string; CachePolicyId: unknown; TargetOriginId: string; AllowedMethods: string[]; ViewerProtocolPolicy: string; Compress: boolean; OriginRequestPolicyId?: unknown; FunctionAssociations: { EventType: string; FunctionARN: unknown }[] };
    const all = behaviours as unknown as B[];
    const page = all.find((b) => b.PathPattern === '/c/*')!;
    const card = all.find((b) => b.PathPattern === '/api/card/*')!;
    expect(page).toBeDefined();
    // The first behaviour that matches a card address is this one (never the web bucket's default).
    for (const path of ['/c/x1', '/c/', '/c/x1/vcard']) expect(all.find((b) => matches(b.PathPattern, path))!.PathPattern, path).toBe('/c/*');
    expect(page.TargetOriginId).toBe(card.TargetOriginId);
    expect(JSON.stringify(page.CachePolicyId)).toBe(JSON.stringify(card.CachePolicyId));
    expect(page.OriginRequestPolicyId).toBeUndefined();
    expect(page.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(page.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(page.Compress).toBe(true);
    expect(page.FunctionAssociations).toHaveLength(1);
    expect(page.FunctionAssociations[0]!.EventType).toBe('viewer-request');
    const fnId = Object.keys(template.findResources('AWS::CloudFront::Function')).find((id) => JSON.stringify(page.FunctionAssociations[0]!.FunctionARN).includes(id))!;
    expect(template.findResources('AWS::CloudFront::Function')[fnId]!.Properties.FunctionCode).toBe(cardPageFunctionCode());
  });

  test('the API origin carries the origin secret; the execute-api URL is no output', () => {
    const origin = (dist.Origins as { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[]).find((o) => o.CustomOriginConfig)!;
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_SECRET_HEADER, HeaderValue: expect.objectContaining({ 'Fn::Join': expect.anything() }) }]);
    expect(JSON.stringify(origin.OriginCustomHeaders)).toContain('resolve:secretsmanager');
    const outputs = JSON.stringify((template.toJSON() as { Outputs: object }).Outputs);
    expect(outputs).not.toContain('ApiEndpoint');
    expect(outputs).not.toContain('execute-api');
  });

  test('standard logs go to the log bucket under the documented prefix; the WAF ACL is attached', () => {
    expect(dist.Logging).toMatchObject({ Prefix: CDN_LOG_PREFIX, IncludeCookies: false });
    expect(dist.WebACLId).toBe(WEB_ACL);
  });

  test('with an own domain the viewer TLS minimum is 1.2', () => {
    const withDomain = synth((app) => new VisitenkartenStack(app, 'Domain'), { domainName: 'karten.beispiel.de', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc' });
    expect(withDomain.findings).toEqual([]);
    withDomain.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: ['karten.beispiel.de'], ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }) }),
    });
    // QR codes and vCards link to the own domain.
    withDomain.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PUBLIC_BASE_URL: 'https://karten.beispiel.de' }) },
    });
  });
});

describe('audit log retention (issue 27)', () => {
  test('context auditRetentionDays reaches every function; a wrong value stops the synth', () => {
    const functions = Object.values(real.template.findResources('AWS::Lambda::Function')) as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }[];
    const withTable = functions.filter((f) => f.Properties.Environment?.Variables?.TABLE_NAME);
    expect(withTable.length).toBeGreaterThan(5);
    for (const f of withTable) expect(f.Properties.Environment!.Variables!.AUDIT_RETENTION_DAYS).toBe('365');
    expect(() => synth((app) => new VisitenkartenStack(app, 'BadRetention', { webDir }), { alarmEmail: 'a@b.de', webAclArn: WEB_ACL, publicBaseUrl: 'https://d1.cloudfront.net', auditRetentionDays: 'zwei Jahre' }))
      .toThrow(/auditRetentionDays/);
  });
});

describe('API stage', () => {
  test('a high ceiling by default and for sign-in (per-client limits are the WAF\'s); access logs on', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 }),
      RouteSettings: { 'POST /api/auth': { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 } },
      AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('requestId') }),
    });
  });
});

describe('monitoring', () => {
  test('errors and throttles per function, API 5xx and p99, table errors and throttles, dead letters; all to the SNS topic with the e-mail', () => {
    const alarms = resources('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    // Areas, jobs and the function URL of the signed wallet links.
    const fnCount = areaNames.length + jobs.length + 1;
    expect(alarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(fnCount);
    expect(alarms.filter((a) => a.MetricName === 'Throttles')).toHaveLength(fnCount);
    expect(alarms.some((a) => a.MetricName === '5xx')).toBe(true);
    expect(alarms.some((a) => a.MetricName === 'Latency' && a.ExtendedStatistic === 'p99')).toBe(true);
    expect(alarms.filter((a) => JSON.stringify(a.Metrics ?? '').includes('SystemErrors'))).toHaveLength(1);
    expect(alarms.filter((a) => JSON.stringify(a.Metrics ?? '').includes('ThrottledRequests'))).toHaveLength(1);
    expect(alarms.some((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(true);
    expect(alarms.some((a) => a.MetricName === 'ErrorLogLines')).toBe(true);
    const filters = resources('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    expect(filters.length).toBeGreaterThanOrEqual(fnCount);
    for (const f of filters) expect(f.FilterPattern).toBe('{ $.level = "error" }');
    for (const a of alarms) expect(JSON.stringify(a.AlarmActions)).toContain('MonitoringAlarms');
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'betrieb@beispiel.de' });
  });
});

describe('web delivery', () => {
  test('hashed assets immutable, pages revalidated, source maps not uploaded', () => {
    const deployments = resources('Custom::CDKBucketDeployment').map(([, d]) => d.Properties);
    expect(deployments.length).toBeGreaterThanOrEqual(2);
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets.SystemMetadata).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable' });
    const pages = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined)!;
    expect(pages.SystemMetadata).toMatchObject({ 'cache-control': 'no-cache' });
    // The staged web assets (what is uploaded) contain no source map.
    const staged = readdirSync(real.outdir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name.startsWith('asset.')).map((d) => d.name);
    const files = staged.flatMap((d) => readdirSync(join(real.outdir, d), { recursive: true }) as string[]);
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  test('a deploy invalidates every cached card page, after the card area function that fills the new card.html is in place (issue 20)', () => {
    const all = template.findResources('Custom::CDKBucketDeployment') as Record<string, { Properties: Record<string, any>; DependsOn?: string[] }>;
    const [, pages] = Object.entries(all).find(([, d]) => d.Properties.DestinationBucketKeyPrefix === undefined)!;
    expect(pages.Properties.DistributionPaths).toEqual(['/index.html', '/card.html', '/c/*']);
    const cardFunction = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => /ApiFncard/i.test(id) || /Api.*card/i.test(id))?.[0];
    expect(cardFunction, Object.keys(template.findResources('AWS::Lambda::Function')).join(', ')).toBeDefined();
    expect(pages.DependsOn ?? []).toContain(cardFunction);
  });
});

describe('CloudFront rewrite function', () => {
  const code = cloudFrontFunctionCode();
  const rewrite = (uri: string) =>
    runInNewContext(`${code}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;

  test.each([
    ['/c/abc', '/card.html'],
    ['/v2/admin/user', '/index.html'],
    ['/', '/index.html'],
    ['/qr/1/sig', '/card.html'],
    ['/assets/x.js', '/assets/x.js'],
    ['/favicon.svg', '/favicon.svg'],
    ['/api/x', '/api/x'],
    ['/api/card/abc', '/api/card/abc'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('CloudFront card page function', () => {
  const code = cardPageFunctionCode();
  const run = (uri: string) => runInNewContext(`${code}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;
  test.each([
    ['/c/abc', '/c/abc'],
    ['/c/abc/', '/c/abc'],
    ['/c/', '/c/-'],
    ['/c/abc/vcard', '/c/-'],
    ['/c/a%20b', '/c/a%20b'],
  ])('%s -> %s', (uri, expected) => {
    expect(run(uri)).toBe(expected);
  });
});

describe('CloudFront viewer-address function', () => {
  test('overwrites whatever address the client claimed with the connection address', () => {
    const out = runInNewContext(`${viewerAddressFunctionCode()}\nhandler({ viewer: { ip: '203.0.113.7' }, request: { uri: '/api/auth', headers: { 'x-viewer-address': { value: '1.2.3.4' } } } })`) as { headers: Record<string, { value: string }> };
    expect(out.headers['x-viewer-address']).toEqual({ value: '203.0.113.7' });
  });
});

describe('signed wallet links: Lambda function URL behind CloudFront (origin access control)', () => {
  const dist = resources('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
  const behaviours = dist.CacheBehaviors as { PathPattern: string; TargetOriginId: string; AllowedMethods: string[]; CachePolicyId: unknown }[];
  const urls = resources('AWS::Lambda::Url');

  test('one function URL with IAM auth; CloudFront signs its requests and only this distribution may invoke it', () => {
    expect(urls).toHaveLength(1);
    expect(urls[0]![1].Properties.AuthType).toBe('AWS_IAM');
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
    });
    const permissions = resources('AWS::Lambda::Permission').filter(([, r]) => r.Properties.Principal === 'cloudfront.amazonaws.com');
    expect(permissions.map(([, r]) => r.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const [, p] of permissions) expect(JSON.stringify(p.Properties.SourceArn)).toContain('distribution/');
  });

  test('the two public link paths go to it before /api/*, uncached, GET only; the bearer download stays on the API', () => {
    const origin = dist.Origins.find((o: { DomainName: unknown }) => JSON.stringify(o.DomainName).includes('FunctionUrl'));
    expect(origin, 'function URL origin').toBeDefined();
    const order = behaviours.map((b) => b.PathPattern);
    for (const pattern of ['/api/wallet/pkpass/*/*', '/api/wallet/googlecard/*/*']) {
      const b = behaviours.find((x) => x.PathPattern === pattern)!;
      expect(b.TargetOriginId).toBe(origin.Id);
      expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
      expect(b.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
      expect(order.indexOf(pattern)).toBeLessThan(order.indexOf('/api/*'));
    }
    const first = (path: string) => behaviours.find((x) => new RegExp(`^${x.PathPattern.replace(/\*/g, '.*')}$`).test(path))!.PathPattern;
    expect(first('/api/wallet/pkpass/abc/sig')).toBe('/api/wallet/pkpass/*/*');
    expect(first('/api/wallet/pkpass/abc')).toBe('/api/*');
    expect(first('/api/wallet/googlecard/abc/sig')).toBe('/api/wallet/googlecard/*/*');
  });

  test('OpenID client secrets (issue 26): the sign-in area reads, the settings write, only under the stack\'s prefix; other areas get none', () => {
    const policies = resources('AWS::IAM::Policy');
    const oidcStatements = (id: string) => policies.filter(([pid]) => pid.startsWith(id))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((st) => JSON.stringify(st.Resource).includes('/oidc-client/*'));
    const actions = (id: string) => oidcStatements(id).flatMap((st) => [st.Action].flat()).sort();
    expect(actions('ApiAreasso')).toEqual(['secretsmanager:CreateSecret', 'secretsmanager:DeleteSecret', 'secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    expect(actions('ApiAreacompany')).toContain('secretsmanager:DeleteSecret');
    for (const other of ['ApiAreascim', 'ApiAreaperson', 'ApiAreasystem']) expect(actions(other), other).toEqual([]);
    const env = resources('AWS::Lambda::Function').find(([id]) => id.startsWith('ApiAreasso'))![1].Properties.Environment.Variables;
    expect(JSON.stringify(env.OIDC_SECRET_PREFIX)).toContain('/oidc-client/');
  });

  test('wallet functions may read the wallet secrets; a function without wallet needs may not', () => {
    const secretIds = resources('AWS::SecretsManager::Secret').map(([id]) => id).filter((id) => id.startsWith('Wallet'));
    expect(secretIds).toHaveLength(2);
    const policies = resources('AWS::IAM::Policy');
    const readers = policies.filter(([, p]) => secretIds.some((s) => JSON.stringify(p.Properties.PolicyDocument).includes(s))).map(([id]) => id);
    for (const who of ['ApiAreawallet', 'Urlswalletlinks', 'Jobscardchanged']) expect(readers.some((id) => id.startsWith(who)), who).toBe(true);
    // Card writes only record the change: pushes and Google calls are the card-changed job's (issue 21).
    for (const who of ['ApiAreasystem', 'ApiAreaperson', 'ApiAreaprofile', 'ApiAreacompany', 'ApiAreavcard', 'ApiAreatools']) expect(readers.some((id) => id.startsWith(who)), who).toBe(false);
    const env = urls.length ? resources('AWS::Lambda::Function').find(([id]) => id.startsWith('Urlswalletlinks'))![1].Properties.Environment.Variables : {};
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['WALLET_CONFIG_SECRET_ARN', 'WALLET_LINK_SECRET_ARN', 'TABLE_NAME', 'UPLOADS_BUCKET']));
    expect(Object.keys(env)).not.toContain('ORIGIN_SECRET_ARN');
  });
});
