import { nativePackages } from './native-modules.ts';

// How every Lambda handler is bundled: used by the CDK stack (NodejsFunction) and by
// `npm run build`, which writes the same bundles to dist/functions for inspection and the benchmark.
export const lambdaRuntimeMajor = 24;

export const handlerBundle = {
  format: 'esm' as const,
  platform: 'node' as const,
  target: `node${lambdaRuntimeMajor}`,
  minify: true,
  sourcemap: true,
  /**
   * The AWS SDK is bundled (pinned version, smaller cold start through tree shaking); only native
   * packages stay external, each bundle that imports one gets it beside it (functions/native-modules.ts).
   */
  external: [...nativePackages] as string[],
  /** ESM bundles still meet CommonJS dependencies that call require(). */
  banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  mainFields: ['module', 'main'],
};
