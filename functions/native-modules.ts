// Packages with native code cannot be bundled: esbuild leaves them external and every bundle whose
// code imports one gets them in its own node_modules. For AWS that is the linux-arm64 build from
// functions/lambda-native (installed by `npm install`'s postinstall, functions/lambda-native/install.mjs);
// for running a bundle on this machine (bench, tests) the project's own node_modules.
// The one place that decides which bundle carries native code: none is declared by hand, the
// bundle's own imports say it (esbuild's metafile).
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FONT_DIR, fontFiles } from './lib/images/fonts.ts';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

/** Native packages the functions import (lazily: functions/lib/images/sharp.ts). */
export const nativePackages = ['sharp'] as const;

/** node_modules with the Lambda (linux-arm64) builds. */
export const lambdaNativeModules = join(root, 'functions/lambda-native/node_modules');

/** `lambda`: the arm64 packages Lambda runs; `host`: this machine's (x64 here), to run a bundle locally. */
export type NativeTarget = 'lambda' | 'host';

/** The native packages an esbuild output imports (static or dynamic). */
export function nativeImports(metafile: Metafile, outputFile: string): string[] {
  const output = Object.entries(metafile.outputs).find(([file]) => resolve(root, file) === resolve(outputFile))?.[1];
  const imported = new Set((output?.imports ?? []).filter((i) => i.external).map((i) => i.path));
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
 * Gives the bundle in `bundleDir` (its `index.mjs` an output of `metafile`) the native packages it
 * imports: a copy of functions/lambda-native/node_modules (sharp, its arm64 binary and libvips,
 * their JavaScript dependencies) for Lambda, a link to the project's node_modules for `host`.
 * Answers what it added.
 */
export function addNativeModules(o: { bundleDir: string; metafile: Metafile; target: NativeTarget }): string[] {
  const needed = nativeImports(o.metafile, join(o.bundleDir, 'index.mjs'));
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

/**
 * Gives the bundle in `bundleDir` the font files of the image pipeline (functions/lib/images/fonts.ts)
 * when its code draws text: `fonts/` beside index.mjs, where fontFile() looks first. Lambda has no
 * system fonts, so a bundle without them could draw no text. Answers the files it copied.
 */
export function addFonts(o: { bundleDir: string; metafile: Metafile }): string[] {
  const output = Object.entries(o.metafile.outputs).find(([file]) => resolve(root, file) === resolve(join(o.bundleDir, 'index.mjs')))?.[1];
  const target = join(o.bundleDir, BUNDLED_FONT_DIR);
  rmSync(target, { recursive: true, force: true });
  const usesFonts = Object.keys(output?.inputs ?? {}).some((input) => resolve(root, input) === resolve(root, 'functions/lib/images/fonts.ts'));
  if (!usesFonts) return [];
  mkdirSync(target, { recursive: true });
  const require = createRequire(import.meta.url);
  return Object.values(fontFiles).map((f) => {
    copyFileSync(require.resolve(f.packagePath), join(target, f.file));
    return f.file;
  });
}
