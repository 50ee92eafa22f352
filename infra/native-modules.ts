// Packages with native code cannot be bundled: esbuild leaves them external and every function whose
// routes (or job) declare one (`needs.native`, shared/api/needs.ts) gets them in its own node_modules.
// For AWS that is the linux-arm64 build from functions/lambda-native (installed by `npm install`'s
// postinstall, functions/lambda-native/install.mjs); for running a bundle on this machine (bench,
// tests) the project's own node_modules. The build checks the declaration against the bundle's own
// imports (esbuild's metafile): an undeclared native import, or a declared one nothing imports, stops it.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import type { NativeModule } from '../shared/api/needs.ts';

const root = resolve(import.meta.dirname, '..');

/** Native packages the functions may import (lazily: functions/lib/images/sharp.ts); the bundler keeps them external. */
export const nativePackages: readonly NativeModule[] = ['sharp'];

/** node_modules with the Lambda (linux-arm64) builds. */
export const lambdaNativeModules = join(root, 'functions/lambda-native/node_modules');

/** `lambda`: the arm64 packages Lambda runs; `host`: this machine's (x64 here), to run a bundle locally. */
export type NativeTarget = 'lambda' | 'host';

/** The native packages a function's build imports (static or dynamic, in its entry or any chunk). */
export function nativeImports(metafile: Metafile): NativeModule[] {
  const imported = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
  return nativePackages.filter((p) => imported.has(p));
}

function lambdaModulesReady(): void {
  const lock = JSON.parse(readFileSync(join(root, 'functions/lambda-native/package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  for (const pkg of ['sharp', '@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64']) {
    const file = join(lambdaNativeModules, pkg, 'package.json');
    const want = lock.packages[`node_modules/${pkg}`]?.version;
    if (!existsSync(file) || (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version !== want) {
      throw new Error(`${pkg} für linux-arm64 fehlt in functions/lambda-native: "npm install" (oder "node functions/lambda-native/install.mjs") ausführen`);
    }
  }
}

/**
 * Gives the function built into `bundleDir` (by the build of `metafile`) the native packages it
 * declares: a copy of functions/lambda-native/node_modules (sharp, its arm64 binary and libvips,
 * their JavaScript dependencies) for Lambda, a link to the project's node_modules for `host`.
 * Throws when the declaration and the build's imports differ. Answers what it added.
 */
export function addNativeModules(o: { name: string; bundleDir: string; metafile: Metafile; declared: readonly NativeModule[]; target: NativeTarget }): NativeModule[] {
  const needed = nativeImports(o.metafile);
  const undeclared = needed.filter((p) => !o.declared.includes(p));
  if (undeclared.length) throw new Error(`${o.name} importiert ${undeclared.join(', ')}: in den needs der Route (oder des Jobs), die es lädt, native: [${undeclared.map((p) => `'${p}'`).join(', ')}] angeben`);
  const unused = o.declared.filter((p) => !needed.includes(p));
  if (unused.length) throw new Error(`${o.name}: needs.native nennt ${unused.join(', ')}, der Code importiert es nicht`);
  const target = join(o.bundleDir, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  if (needed.length === 0) return [];
  mkdirSync(dirname(target), { recursive: true });
  if (o.target === 'host') {
    symlinkSync(join(root, 'node_modules'), target, 'dir');
  } else {
    lambdaModulesReady();
    cpSync(lambdaNativeModules, target, { recursive: true, filter: (src) => !src.endsWith('.package-lock.json') });
  }
  return needed;
}
