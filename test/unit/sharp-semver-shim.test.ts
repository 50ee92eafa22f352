import { describe, expect, test } from 'vitest';
import { createRequire } from 'node:module';
import { lambdaRuntimeMajor } from '../../infra/bundle-options.ts';

// The bundles give sharp a stand-in for semver (infra/shims/semver-for-sharp.cjs): what sharp asks
// of it must be what semver answers.
const require = createRequire(import.meta.url);
const shim = require('../../infra/shims/semver-for-sharp.cjs') as { coerce: (v: string) => { version: string } | null; satisfies: (v: string, r: string) => boolean; gte: () => boolean };
// semver as sharp gets it from npm (a dependency of sharp's, not of ours).
const semver = createRequire(require.resolve('sharp'))('semver') as { coerce: (v: string) => { version: string } | null; satisfies: (v: string, r: string) => boolean };
const sharpPkg = require('../../node_modules/sharp/package.json') as { config: { libvips: string }; engines: { node: string } };

describe('semver stand-in for the bundled sharp', () => {
  test('coerce answers semver\'s version, for sharp\'s minimum libvips and other shapes', () => {
    for (const v of [sharpPkg.config.libvips, '8.18.7', '>=8.18.7', 'v8', '8.17', 'libvips 8.16.1-rc2', '42']) {
      expect(shim.coerce(v)?.version, v).toBe(semver.coerce(v)?.version);
    }
    expect(shim.coerce('keine Version')).toBeNull();
  });

  test('satisfies is true because the Lambda runtime is a Node sharp supports', () => {
    expect(semver.satisfies(`${lambdaRuntimeMajor}.0.0`, sharpPkg.engines.node)).toBe(true);
    expect(semver.satisfies(process.versions.node, sharpPkg.engines.node)).toBe(true);
    expect(shim.satisfies(process.versions.node, sharpPkg.engines.node)).toBe(true);
  });

  test('what sharp does not use at run time fails loudly', () => {
    expect(() => shim.gte()).toThrow('nicht enthalten');
  });
});
