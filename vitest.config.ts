import { defineConfig } from 'vitest/config';

// Four projects, each with only the setup it needs (`npm run test:<name>`; `npm test` runs all):
// - unit: pure functions and modules, no database, no build (under 20 s);
// - api: the local server against DynamoDB Local (route by route, through the typed client), with the
//   web build it serves (static answers such as the tap beacon /tap.gif are counted like CloudFront's);
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
    // expect.poll waits for a condition; its own default (1 s) is a bound on the machine's speed, not on the
    // product: on a slow or loaded machine a page's loader or a re-render took longer than that.
    expect: { poll: { timeout: 10_000 } },
    env: { LOG_LEVEL: 'silent' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // API tests go through DynamoDB Local, whose speed on a busy CI machine varied threefold between two runs
      // (a 5 s test of 1,050 items took over 20 s): 60 s, as the browser tests; a timeout checks no product behaviour.
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], globalSetup: [dynamo, web], testTimeout: 60_000 } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], globalSetup: [web] } },
      // A browser test walks screens: vitest's 20 s (above) is short for that on a loaded machine (beside a CI run
      // public-card's hostile-content test timed out at 20 s); tests that need more say so themselves.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], globalSetup: [dynamo, web], testTimeout: 60_000 } },
    ],
  },
});
