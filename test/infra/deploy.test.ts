import { afterAll, describe, expect, test } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { App } from 'aws-cdk-lib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VisitenkartenStack } from '../../infra/stack.ts';
import type { VisitenkartenWafStack } from '../../infra/waf-stack.ts';
import { defineApp } from '../../infra/app-definition.ts';
import { removeSynthOutput, synth, webDir } from './synth.ts';

// What a first `cdk deploy --all` needs (issue 19): a stage whose route settings CloudFormation
// accepts, per-client limits at the WAF with a high stage ceiling, WAF logs, the WAF wired into
// the distribution without a manual step, and no leftover resources.

afterAll(removeSynthOutput);

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DependsOn?: string[] }>;

/** The whole app as `cdk deploy --all` sees it (env-agnostic, like `npm run synth` offline). */
function synthApp(context: Record<string, unknown> = {}) {
  const out: { main?: VisitenkartenStack; waf?: VisitenkartenWafStack } = {};
  const main = synth((app: App) => {
    const stacks = defineApp(app, { webDir });
    Object.assign(out, stacks);
    return stacks.main;
  }, context);
  const wafTemplate = JSON.parse(readFileSync(join(main.outdir, `${out.waf!.artifactId}.template.json`), 'utf8')) as { Resources: Resources };
  return { main, mainStack: out.main!, wafStack: out.waf!, wafResources: wafTemplate.Resources };
}

const app = synthApp({ alarmEmail: 'betrieb@beispiel.de', publicBaseUrl: 'https://d111.cloudfront.net', mailFrom: 'karten@beispiel.de' });
const mainResources = (app.main.template.toJSON() as { Resources: Resources }).Resources;

describe('API stage (item 6: the first deploy failed)', () => {
  test('every route key in any stage\'s route settings is a route the stage depends on', () => {
    const stages = Object.entries(mainResources).filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Stage');
    expect(stages.length).toBeGreaterThan(0);
    let named = 0;
    for (const [stageId, stage] of stages) {
      for (const routeKey of Object.keys(stage.Properties.RouteSettings ?? {})) {
        named++;
        const route = Object.entries(mainResources).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === routeKey);
        expect(route, `${stageId}: ${routeKey} is no route`).toBeDefined();
        expect(stage.DependsOn ?? [], `${stageId} must depend on ${routeKey}`).toContain(route![0]);
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  test('stage throttles are a high ceiling for everyone together, not a per-client limit (item 7)', () => {
    const [, stage] = Object.entries(mainResources).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThanOrEqual(500);
    for (const s of Object.values(stage.Properties.RouteSettings ?? {}) as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }[]) {
      // One client at the WAF's sign-in limit is far below this; only many addresses together reach it.
      expect(s.ThrottlingRateLimit).toBeGreaterThanOrEqual(50);
      expect(s.ThrottlingBurstLimit).toBeGreaterThanOrEqual(100);
    }
  });

  test('access logs name the edge address as such; the function request line carries the viewer address', () => {
    const [, stage] = Object.entries(mainResources).find(([, r]) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format as string) as Record<string, string>;
    // $context.identity.sourceIp behind CloudFront is CloudFront's address: never logged as the client's.
    expect(Object.entries(format).filter(([, v]) => v === '$context.identity.sourceIp').map(([k]) => k)).toEqual(['edgeIp']);
  });
});

describe('WAF (items 7 and 9)', () => {
  const acl = Object.values(app.wafResources).find((r) => r.Type === 'AWS::WAFv2::WebACL')!;
  const rules = acl.Properties.Rules as { Name: string; Action?: object; Statement: any }[];

  test('per-address rate rules: sign-in, every API request, writes, the PassKit log', () => {
    const rate = (name: string) => rules.find((r) => r.Name === name);
    for (const name of ['sign-in-rate', 'api-rate', 'api-write-rate', 'passkit-log-rate']) {
      const r = rate(name);
      expect(r, name).toBeDefined();
      expect(r!.Action).toEqual({ Block: {} });
      expect(r!.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
    }
    expect(JSON.stringify(rate('passkit-log-rate'))).toContain('/api/wallet/passkit/v1/log');
  });

  test('"Kontakt austauschen" has a rate rule of its own: POST /api/card/<id>/contact, 10 per 5 minutes per address, before the general API rules', () => {
    const r = rules.find((x) => x.Name === 'contact-rate')!;
    expect(r).toBeDefined();
    expect(r.Action).toEqual({ Block: {} });
    const s = r.Statement.RateBasedStatement;
    expect(s).toMatchObject({ Limit: 10, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    const matches = (s.ScopeDownStatement.AndStatement.Statements as { ByteMatchStatement: { PositionalConstraint: string; SearchString: string; FieldToMatch: object } }[]).map((x) => x.ByteMatchStatement);
    expect(matches).toEqual(expect.arrayContaining([
      expect.objectContaining({ FieldToMatch: { Method: {} }, PositionalConstraint: 'EXACTLY', SearchString: 'POST' }),
      expect.objectContaining({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/card/' }),
      expect.objectContaining({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'ENDS_WITH', SearchString: '/contact' }),
    ]));
    const priority = (name: string) => (rules.find((x) => x.Name === name) as unknown as { Priority: number }).Priority;
    expect(priority('contact-rate')).toBeLessThan(priority('api-write-rate'));
    expect(new Set(rules.map((x) => (x as unknown as { Priority: number }).Priority)).size).toBe(rules.length);
  });

  test('logs every request to CloudWatch without the Authorization header', () => {
    const logging = Object.values(app.wafResources).find((r) => r.Type === 'AWS::WAFv2::LoggingConfiguration');
    expect(logging).toBeDefined();
    expect(JSON.stringify(logging!.Properties.RedactedFields)).toMatch(/authorization/i);
    const group = Object.values(app.wafResources).find((r) => r.Type === 'AWS::Logs::LogGroup')!;
    // WAF only writes to log groups named aws-waf-logs-*.
    expect(group.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
  });
});

describe('one command deploys everything (item 9)', () => {
  test('the main stack depends on the WAF stack and hands its web ACL to the distribution', () => {
    expect(app.mainStack.dependencies.map((s) => s.stackName)).toContain(app.wafStack.stackName);
    const dist = Object.values(mainResources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
    const webAcl = JSON.stringify(dist.Properties.DistributionConfig.WebACLId);
    expect(webAcl).toBeDefined();
    // Read from the WAF stack's SSM parameter in us-east-1 at deploy time.
    const reader = Object.values(mainResources).find((r) => r.Type === 'Custom::AWS' && JSON.stringify(r.Properties).includes('getParameter'));
    expect(reader, 'a reader of the WAF stack\'s parameter').toBeDefined();
    expect(JSON.stringify(reader!.Properties)).toContain('us-east-1');
    const param = Object.values(app.wafResources).find((r) => r.Type === 'AWS::SSM::Parameter')!;
    expect(JSON.stringify(reader!.Properties)).toContain(param.Properties.Name as string);
    expect(app.main.findings).toEqual([]);
    expect(app.main.warnings).toEqual([]);
  });

  test('-c webAclArn still wins (no reader then)', () => {
    const arn = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/own/abc';
    const own = synthApp({ webAclArn: arn, alarmEmail: 'a@b.de', publicBaseUrl: 'https://d1.cloudfront.net' });
    own.main.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: arn }) });
    expect(JSON.stringify(own.main.template.toJSON())).not.toContain('getParameter');
    expect(own.main.findings).toEqual([]);
  });

  test('the log bucket sends no EventBridge notifications nobody consumes', () => {
    for (const r of Object.values(mainResources).filter((x) => x.Type === 'AWS::S3::Bucket')) {
      expect(r.Properties.NotificationConfiguration).toBeUndefined();
    }
  });
});

describe('well-known files (item 9)', () => {
  test.each(['robots.txt', 'favicon.ico', 'apple-touch-icon.png'])('%s is uploaded with the pages (CloudFront answers it, not S3\'s 403)', (name) => {
    expect(existsSync(join(webDir, name)), `${name} in dist/web (npm run build)`).toBe(true);
    const staged = readdirSync(app.main.outdir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name.startsWith('asset.'));
    expect(staged.some((d) => existsSync(join(app.main.outdir, d.name, name)))).toBe(true);
  });

  test('the stack without the app still synthesizes on its own (tests, padded tables)', () => {
    const alone = synth((a) => new VisitenkartenStack(a, 'Alone'));
    expect(alone.findings).toEqual([]);
  });
});
