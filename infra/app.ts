import { App } from 'aws-cdk-lib';
import { join, resolve } from 'node:path';
import { defineApp } from './app-definition.ts';

const app = new App();
defineApp(app, {
  webDir: join(resolve(import.meta.dirname, '..'), 'dist/web'),
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION,
});
app.synth();
