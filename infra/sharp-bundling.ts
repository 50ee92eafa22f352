import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';

// What the Lambda bundles change about sharp's own JavaScript, each for a measured cold-start cost
// (bench coldStart): its addon required directly, and stand-ins for the two packages it loads at
// start but barely uses (semver, @img/colour). Each is checked after the build.

const root = resolve(import.meta.dirname, '..');

const sharpVersion = (JSON.parse(readFileSync(join(root, 'node_modules/sharp/package.json'), 'utf8')) as { version: string }).version;

/** Where a chunk finds the function's node_modules (bundleAll and bundleSync write chunks one folder down). */
const CHUNK_TO_NODE_MODULES = '../node_modules';

const sharpLoader = 'node_modules/sharp/dist/sharp.mjs';

/**
 * sharp loads its addon as `@img/sharp-<platform>/sharp.node`, which that package exports as an
 * index.cjs that first asks for `@img/sharp-libvips-<platform>/binary` (a hint for bundlers, not
 * exported: Node builds and throws an ERR_PACKAGE_PATH_NOT_EXPORTED) and then loads
 * `lib/sharp-<platform>-<version>.node`: ~2 ms of CPU on the image routes' cold start for the
 * detour (measured in fresh processes: 5.0 against 3.0 ms). In the bundle sharp's loader requires
 * that file itself, by its path from the chunk (sharp's require is its own createRequire, relative
 * to the chunk; afterBuild checks the chunk is one folder below the function's root). A sharp
 * release that loads its addon otherwise stops the build here.
 */
export function sharpAddonDirect(): Plugin {
  return {
    name: 'sharp-addon-direct',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]sharp[\\/]dist[\\/]sharp\.mjs$/ }, (a) => {
        let count = 0;
        const contents = readFileSync(a.path, 'utf8').replace(/require\("@img\/(sharp-(?:linux|linuxmusl)-[a-z0-9]+)\/sharp\.node"\)/g, (_m, pkg: string) => {
          count++;
          return `require(${JSON.stringify(`${CHUNK_TO_NODE_MODULES}/@img/${pkg}/lib/${pkg}-${sharpVersion}.node`)})`;
        });
        if (!contents.includes(`${CHUNK_TO_NODE_MODULES}/@img/sharp-linux-arm64/lib/`)) {
          throw new Error(`${sharpLoader}: require("@img/sharp-linux-arm64/sharp.node") nicht gefunden (${count} Ersetzungen); sharp lädt sein Addon anders als erwartet (infra/sharp-bundling.ts sharpAddonDirect)`);
        }
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * sharp's `versions` (libvips and its libraries) at load: it first asks for
 * `@img/sharp-<platform>/versions`, which that package does not export (Node resolves it, fails and
 * builds the error), then for `@img/sharp-libvips-<platform>/versions`. ~3 ms of the image routes'
 * cold start, nearly all the failed lookup. In the bundle it reads the second one's file directly,
 * by its path from the chunk (as the addon). The build stops if a platform package ever exports
 * `./versions` (then the first answer would have been another file).
 */
export function sharpVersionsDirect(): Plugin {
  return {
    name: 'sharp-versions-direct',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]sharp[\\/]dist[\\/]utility\.mjs$/ }, (a) => {
        const before = [
          '    try {',
          '      versions = require(`@img/sharp-${runtimePlatform}/versions`);',
          '    } catch (_) {',
          '      try {',
          '        versions = require(`@img/sharp-libvips-${runtimePlatform}/versions`);',
          '      } catch (_) {}',
          '    }',
        ].join('\n');
        const source = readFileSync(a.path, 'utf8');
        if (!source.includes(before)) throw new Error(`${a.path}: sharp liest seine versions anders als erwartet (infra/sharp-bundling.ts sharpVersionsDirect)`);
        for (const platformPackage of platformPackages()) {
          const pkg = JSON.parse(readFileSync(platformPackage, 'utf8')) as { exports?: Record<string, string> };
          if (pkg.exports?.['./versions']) throw new Error(`${platformPackage} exportiert ./versions: infra/sharp-bundling.ts sharpVersionsDirect anpassen`);
        }
        const after = `    try {\n      versions = require(\`${CHUNK_TO_NODE_MODULES}/@img/sharp-libvips-\${runtimePlatform}/versions.json\`);\n    } catch (_) {}`;
        return { contents: source.replace(before, after), loader: 'js' };
      });
    },
  };
}

/** package.json of every sharp platform package installed here or for Lambda (`@img/sharp-linux-x64`, …). */
function platformPackages(): string[] {
  return [join(root, 'node_modules/@img'), join(root, 'functions/lambda-native/node_modules/@img')]
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir).filter((n) => /^sharp-(?!libvips)/.test(n)).map((n) => join(dir, n, 'package.json')))
    .filter((file) => existsSync(file));
}

/** The chunk with sharp's loader must sit where CHUNK_TO_NODE_MODULES leads to the function's node_modules. */
export function checkSharpAddonPath(name: string, outdir: string, metafile: Metafile): void {
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!Object.keys(out.inputs).some((i) => i.split(sep).join('/') === sharpLoader)) continue;
    const folder = relative(resolve(outdir), dirname(resolve(root, file)));
    if (!folder || folder.startsWith('..') || folder.includes(sep)) {
      throw new Error(`${name}: ${file} lädt sharps Addon über ${CHUNK_TO_NODE_MODULES}, liegt aber nicht einen Ordner unter der Funktion (infra/sharp-bundling.ts sharpAddonDirect)`);
    }
  }
}

/** sharp's one use of semver at run time, without loading semver (infra/shims/semver-for-sharp.cjs). */
export const semverForSharp = join(root, 'infra/shims/semver-for-sharp.cjs');

/** The semver stand-in is for sharp only: another package that imports semver would get it unnoticed. */
export function checkSemverShim(name: string, metafile: Metafile): void {
  const shim = relative(root, semverForSharp).split(sep).join('/');
  const importers = Object.entries(metafile.inputs).filter(([, v]) => v.imports.some((i) => i.path === shim)).map(([k]) => k);
  const others = importers.filter((k) => !k.startsWith('node_modules/sharp/'));
  if (others.length) throw new Error(`${name}: ${others.join(', ')} importiert semver; infra/shims/semver-for-sharp.cjs gilt nur für sharp (in infra/bundle.ts das Alias anpassen)`);
}

/** sharp's colour parser: the common colours answered without loading the package (infra/shims/colour-for-sharp.cjs). */
const colourForSharp = join(root, 'infra/shims/colour-for-sharp.cjs');

/**
 * sharp's `import color from '@img/colour'` resolves to the stand-in; the stand-in's own
 * `require('@img/colour')` (its fallback for uncommon values) and any other importer get the package.
 */
export function sharpColourShim(): Plugin {
  return {
    name: 'sharp-colour-shim',
    setup(b) {
      b.onResolve({ filter: /^@img\/colour$/ }, (a) => (/[\\/]node_modules[\\/]sharp[\\/]dist[\\/]/.test(a.importer) ? { path: colourForSharp } : undefined));
    },
  };
}

/** A sharp release that no longer imports @img/colour the way the stand-in expects stops the build. */
export function checkColourShim(name: string, metafile: Metafile): void {
  const inputs = Object.entries(metafile.inputs);
  if (!inputs.some(([k]) => k.startsWith('node_modules/sharp/dist/'))) return;
  const shim = relative(root, colourForSharp).split(sep).join('/');
  const importers = inputs.filter(([, v]) => v.imports.some((i) => i.path === shim)).map(([k]) => k);
  if (!importers.includes('node_modules/sharp/dist/colour.mjs')) {
    throw new Error(`${name}: sharp (dist/colour.mjs) importiert @img/colour nicht mehr wie erwartet; infra/shims/colour-for-sharp.cjs prüfen (infra/sharp-bundling.ts)`);
  }
}
