import type { App } from 'aws-cdk-lib';
import { VisitenkartenStack } from './stack.ts';
import { VisitenkartenWafStack } from './waf-stack.ts';

/**
 * Both stacks of the product: `npx cdk deploy --all` deploys the WAF (us-east-1, CloudFront's
 * WAF region) first, then the main stack, which reads the web ACL's ARN from the WAF stack's SSM
 * parameter in us-east-1 at deploy time (a custom resource: works without an account at synth,
 * unlike CDK's cross-region references, which need both regions known). `-c webAclArn=<arn>`
 * still takes an ACL of one's own instead.
 */
export function defineApp(app: App, o: { webDir?: string; account?: string | undefined; region?: string | undefined } = {}) {
  const waf = new VisitenkartenWafStack(app, 'VisitenkartenWaf', { env: { ...(o.account ? { account: o.account } : {}), region: 'us-east-1' } });
  const main = new VisitenkartenStack(app, 'Visitenkarten', {
    ...(o.webDir ? { webDir: o.webDir } : {}),
    ...(o.account ? { env: { account: o.account, region: o.region } } : {}),
    webAclFrom: waf.webAclArnParameter,
  });
  main.addStackDependency(waf, 'the distribution uses the web ACL of the WAF stack');
  return { waf, main };
}
