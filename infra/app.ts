import { App, Annotations } from 'aws-cdk-lib';
import { join, resolve } from 'node:path';
import { VisitenkartenStack } from './stack.ts';
import { VisitenkartenWafStack } from './waf-stack.ts';

const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT;
// WAF for CloudFront must be in us-east-1 (docs/deploy.md#waf).
new VisitenkartenWafStack(app, 'VisitenkartenWaf', { env: { ...(account ? { account } : {}), region: 'us-east-1' } });
const main = new VisitenkartenStack(app, 'Visitenkarten', {
  webDir: join(resolve(import.meta.dirname, '..'), 'dist/web'),
  ...(account ? { env: { account, region: process.env.CDK_DEFAULT_REGION } } : {}),
});
if (!app.node.tryGetContext('webAclArn')) {
  Annotations.of(main).addWarningV2('visitenkarten:noWaf', 'No webAclArn in the context: the distribution runs without WAF. Deploy VisitenkartenWaf and pass -c webAclArn=<its output> (docs/deploy.md#waf).');
}
app.synth();
