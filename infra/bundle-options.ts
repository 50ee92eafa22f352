import { nativeAddons } from './native-modules.ts';

// How every Lambda function is bundled (infra/bundle.ts): for the CDK stack and for `npm run build`,
// which writes the same bundles to dist/functions for inspection and the benchmark.
export const lambdaRuntimeMajor = 24;

export const handlerBundle = {
  format: 'esm' as const,
  platform: 'node' as const,
  target: `node${lambdaRuntimeMajor}`,
  minify: true,
  sourcemap: true,
  /**
   * Everything is bundled, sharp's JavaScript too; only native addons stay external, each function
   * that declares a native package gets them beside its bundle (infra/native-modules.ts).
   */
  external: [...nativeAddons] as string[],
  /**
   * ESM bundles still meet CommonJS dependencies that call require(). Through getBuiltinModule, not
   * an `import`: an import of a built-in builds its ESM facade, which can load far more (infra/bundle.ts).
   */
  banner: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
  mainFields: ['module', 'main'],
};
