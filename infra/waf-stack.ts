import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';

/**
 * Per-address limits (requests in 5 minutes) before the WAF blocks an address for a while. They
 * are what keeps one client from using up the API stage's shared ceiling (infra/constructs/api.ts); the
 * sign-in handler additionally throttles per account, address pair and device.
 */
export const WAF_RATE_LIMITS = {
  /** POST /api/auth. */
  signIn: 100,
  /** Every /api/ request (a back-office screen makes a handful; a card view one or two past the CDN cache). */
  api: 3000,
  /** /api/ requests other than GET, HEAD and OPTIONS (an import sends 100 rows per request). */
  apiWrite: 600,
  /** The unauthenticated PassKit log (devices post there only when a pass misbehaves). */
  passkitLog: 30,
} as const;

const WINDOW_SECONDS = 300;
/** Where the WAF stack publishes its web ACL's ARN for the main stack (us-east-1). */
export const WEB_ACL_ARN_PARAMETER = '/visitenkarten/waf/web-acl-arn';

const managed = (name: string, priority: number, overrides: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(overrides.length ? { ruleActionOverrides: overrides.map((r) => ({ name: r, actionToUse: { count: {} } })) } : {}),
    },
  },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

const match = (field: wafv2.CfnWebACL.FieldToMatchProperty, constraint: 'EXACTLY' | 'STARTS_WITH', value: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: field, positionalConstraint: constraint, searchString: value, textTransformations: [{ priority: 0, type: 'NONE' }] },
});
const method = (m: string) => match({ method: {} }, 'EXACTLY', m);
const path = (constraint: 'EXACTLY' | 'STARTS_WITH', p: string) => match({ uriPath: {} }, constraint, p);
const all = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty => ({ andStatement: { statements } });

function rateRule(name: string, priority: number, limit: number, scopeDown: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: { rateBasedStatement: { limit, evaluationWindowSec: WINDOW_SECONDS, aggregateKeyType: 'IP', scopeDownStatement: scopeDown } },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
  };
}

/**
 * The web ACL of the distribution. WAF for CloudFront lives in us-east-1 whatever the product's
 * region, so it is a stack of its own; its ARN goes to the main stack through an SSM parameter
 * (infra/app-definition.ts), so `cdk deploy --all` needs no manual step (docs/deploy.md#waf).
 */
export class VisitenkartenWafStack extends Stack {
  /** The SSM parameter (in this stack's region, us-east-1) holding the web ACL's ARN. */
  readonly webAclArnParameter: { name: string; region: string };

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const notReadOnly = { notStatement: { statement: { orStatement: { statements: [method('GET'), method('HEAD'), method('OPTIONS')] } } } };
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'visitenkarten', sampledRequestsEnabled: true },
      rules: [
        rateRule('sign-in-rate', 0, WAF_RATE_LIMITS.signIn, all(method('POST'), path('EXACTLY', '/api/auth'))),
        rateRule('passkit-log-rate', 1, WAF_RATE_LIMITS.passkitLog, all(method('POST'), path('EXACTLY', '/api/wallet/passkit/v1/log'))),
        rateRule('api-write-rate', 2, WAF_RATE_LIMITS.apiWrite, all(path('STARTS_WITH', '/api/'), notReadOnly)),
        rateRule('api-rate', 3, WAF_RATE_LIMITS.api, path('STARTS_WITH', '/api/')),
        managed('AWSManagedRulesAmazonIpReputationList', 4),
        // Uploads (multipart, up to 4 MB) exceed the common rules' 8 KB body limit: counted, not blocked.
        managed('AWSManagedRulesCommonRuleSet', 5, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 6),
      ],
    });

    // WAF logs: every request with the rule that matched, the client's address and country. WAF
    // writes only to log groups named aws-waf-logs-*; tokens and cookies are redacted.
    const wafLogs = new logs.LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${this.stackName.toLowerCase()}`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: acl.attrArn,
      logDestinationConfigs: [wafLogs.logGroupArn],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });

    new ssm.StringParameter(this, 'WebAclArnParameter', {
      parameterName: WEB_ACL_ARN_PARAMETER,
      stringValue: acl.attrArn,
      description: 'ARN of the CloudFront web ACL; read by the Visitenkarten stack at deploy time',
    });
    // A plain name, not the parameter's token: the main stack lives in another region.
    this.webAclArnParameter = { name: WEB_ACL_ARN_PARAMETER, region: 'us-east-1' };
    new CfnOutput(this, 'WebAclArn', { value: acl.attrArn, description: 'The web ACL (the main stack reads it from SSM; -c webAclArn=<arn> overrides)' });
  }
}
