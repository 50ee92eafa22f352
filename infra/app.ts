import { App } from 'aws-cdk-lib';
import { join, resolve } from 'node:path';
import { VisitenkartenStack } from './stack.ts';

const app = new App();
new VisitenkartenStack(app, 'Visitenkarten', {
  webDir: join(resolve(import.meta.dirname, '..'), 'dist/web'),
  ...(process.env.CDK_DEFAULT_ACCOUNT ? { env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION } } : {}),
});
app.synth();
