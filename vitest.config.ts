import { defineConfig } from 'vitest/config';

// Four projects, each with only the setup it needs (`npm run test:<name>`; `npm test` runs all):
// - unit: pure functions and modules, no database, no build (under 20 s);
// - api: the local server against DynamoDB Local (route by route, through the typed client);
// - infra: CDK synth, Lambda bundles and the web build's contents (web build, no database);
// - e2e: Chromium against the local server (DynamoDB Local and the web build).
const dynamo = './test/setup/dynamo.ts';
const web = './test/setup/web.ts';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], globalSetup: [dynamo] } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], globalSetup: [web] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: [dynamo, web] } },
    ],
  },
});
