// Packages with native code: their JavaScript is bundled like any other (one chunk, loaded on
// first use), their addon and shared libraries cannot be. Every function whose routes (or job)
// declare one (`needs.native`, shared/api/needs.ts) gets the native part in its own node_modules,
// where the bundled JavaScript finds it at run time (sharp requires `@img/sharp-<platform>/sharp.node`
// through createRequire, which esbuild leaves alone).
// For AWS that is the linux-arm64 build from functions/lambda-native (installed by `npm install`'s
// postinstall, functions/lambda-native/install.mjs); for running a bundle on this machine (bench,
// tests) the project's own node_modules. The build checks the declaration against what the bundle
// holds (esbuild's metafile): an undeclared native package, or a declared one nothing uses, stops it.
// Why bundled, not external: loading sharp from node_modules resolved some 40 files (semver,
// detect-libc, colour) one by one, 12 of its 39 ms of CPU on a cold start (issue 22, bench coldStart).
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { Metafile } from 'esbuild';
import type { NativeModule } from '../shared/api/needs.ts';
import { BUNDLED_FONT_DIR, fontFiles } from '../functions/lib/images/fonts.ts';

const root = resolve(import.meta.dirname, '..');

/** Native packages the functions may use (lazily: functions/lib/images/sharp.ts). */
export const nativePackages: readonly NativeModule[] = ['sharp'];

/**
 * The native parts the bundler must never try to inline (sharp's addon per platform, which needs its
 * libvips beside it); they come from the function's node_modules.
 */
export const nativeAddons: readonly string[] = ['@img/sharp-*'];

/** node_modules with the Lambda (linux-arm64) builds. */
export const lambdaNativeModules = join(root, 'functions/lambda-native/node_modules');

/** `lambda`: the arm64 packages Lambda runs; `host`: this machine's (x64 here), to run a bundle locally. */
export type NativeTarget = 'lambda' | 'host';

/** The native packages a function's build uses: bundled (their files are inputs) or imported as externals. */
export function nativeImports(metafile: Metafile): NativeModule[] {
  const imported = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
  const inputs = Object.keys(metafile.inputs).map((i) => i.split(sep).join('/'));
  return nativePackages.filter((p) => imported.has(p) || inputs.some((i) => i.includes(`node_modules/${p}/`)));
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
  // The bundled JavaScript is the project's sharp; its addon must be the same release.
  const bundled = (JSON.parse(readFileSync(join(root, 'node_modules/sharp/package.json'), 'utf8')) as { version: string }).version;
  const addon = lock.packages['node_modules/sharp']?.version;
  if (bundled !== addon) {
    throw new Error(`sharp ${bundled} (node_modules) und ${addon} (functions/lambda-native) passen nicht zusammen: in functions/lambda-native/package.json sharp ${bundled} eintragen und "npm install" ausführen`);
  }
}

/**
 * Gives the function built into `bundleDir` (by the build of `metafile`) the native packages it
 * declares: a copy of functions/lambda-native/node_modules (sharp's arm64 addon and libvips; its
 * JavaScript there is the same release as the bundled one, unused) for Lambda, a link to the
 * project's node_modules for `host`.
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

/**
 * Gives a function the font files of the image pipeline (functions/lib/images/fonts.ts) when its
 * code draws text (issue 28's virtual background): Lambda has no system fonts, so a bundle without
 * them could draw no text. They go into `fonts/` beside the output file that holds fonts.ts (the
 * entry or one of its chunks), where fontFile() looks relative to its own module. Answers the
 * files copied, by their path inside the bundle.
 */
export function addFonts(o: { bundleDir: string; metafile: Metafile }): string[] {
  const target = join(o.bundleDir, BUNDLED_FONT_DIR);
  rmSync(target, { recursive: true, force: true });
  rmSync(join(o.bundleDir, 'chunks', BUNDLED_FONT_DIR), { recursive: true, force: true });
  const fontsModule = resolve(root, 'functions/lib/images/fonts.ts');
  const holder = Object.entries(o.metafile.outputs)
    .find(([file, out]) => file.endsWith('.mjs') && Object.keys(out.inputs).some((input) => resolve(root, input) === fontsModule))?.[0];
  if (!holder) return [];
  const dir = join(dirname(resolve(root, holder)), BUNDLED_FONT_DIR);
  mkdirSync(dir, { recursive: true });
  const require = createRequire(import.meta.url);
  return Object.values(fontFiles).map((f) => {
    copyFileSync(require.resolve(f.packagePath), join(dir, f.file));
    return join(dir, f.file).slice(resolve(o.bundleDir).length + 1);
  });
}
