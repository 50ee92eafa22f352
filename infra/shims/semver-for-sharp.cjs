// What sharp's bundled JavaScript needs of semver at run time (infra/bundle.ts aliases `semver` to
// this file; the build refuses any other importer). Loading all of semver cost a cold start about
// 3 ms for one call: `coerce` of sharp's minimum libvips version. `satisfies` serves only the
// message sharp writes when its addon fails to load (is this Node supported?); the functions run
// on Node 24, which sharp supports (test/unit/sharp-semver-shim.test.ts checks both against semver).
'use strict';

/** semver.coerce for a version like "8.18.7" or ">=8.18.7": the first x[.y[.z]] with missing parts 0. */
function coerce(value) {
  const m = /(\d{1,16})(?:\.(\d{1,16}))?(?:\.(\d{1,16}))?/.exec(String(value ?? ''));
  if (!m) return null;
  const [major, minor, patch] = [m[1], m[2] ?? '0', m[3] ?? '0'].map(Number);
  return { major, minor, patch, version: `${major}.${minor}.${patch}` };
}

const notBundled = (name) => () => {
  throw new Error(`semver.${name} ist im Lambda-Bundle nicht enthalten (infra/shims/semver-for-sharp.cjs)`);
};

module.exports = { coerce, satisfies: () => true, gte: notBundled('gte'), lt: notBundled('lt') };
