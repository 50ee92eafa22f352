import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';

/** Sign-in attempts one address may make in 5 minutes before the WAF blocks it (the handler throttles per account too). */
export const SIGN_IN_RATE_LIMIT = 100;

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

/**
 * The web ACL of the distribution. WAF for CloudFront lives in us-east-1 whatever the product's
 * region, so it is a stack of its own: deploy it first, then pass its `WebAclArn` output to the
 * main stack as context `webAclArn` (docs/deploy.md#waf).
 */
export class VisitenkartenWafStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'visitenkarten', sampledRequestsEnabled: true },
      rules: [
        {
          name: 'sign-in-rate',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: SIGN_IN_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'POST', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                    { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'EXACTLY', searchString: '/api/auth', textTransformations: [{ priority: 0, type: 'NONE' }] } },
                  ],
                },
              },
            },
          },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'sign-in-rate', sampledRequestsEnabled: true },
        },
        managed('AWSManagedRulesAmazonIpReputationList', 1),
        // Uploads (multipart, up to 4 MB) exceed the common rules' 8 KB body limit: counted, not blocked.
        managed('AWSManagedRulesCommonRuleSet', 2, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: acl.attrArn, description: 'Pass to the main stack: -c webAclArn=<this>' });
  }
}
