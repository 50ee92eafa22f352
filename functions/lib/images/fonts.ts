import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// The one typeface the image pipeline draws text with: Inter (SIL Open Font License 1.1, from the
// npm package @expo-google-fonts/inter). Lambda has no system fonts, so text is never left to
// fontconfig: every text layer names this file (functions/lib/images/text.ts). A Lambda bundle
// whose code uses this module gets the files in `fonts/` beside the output file (entry or chunk)
// holding it (infra/native-modules.ts `addFonts`); run from the sources they come from node_modules.

export const fontFiles = {
  regular: { file: 'Inter_400Regular.ttf', packagePath: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf', pango: 'Inter' },
  bold: { file: 'Inter_700Bold.ttf', packagePath: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf', pango: 'Inter Bold' },
} as const;

export type FontWeight = keyof typeof fontFiles;

/** Folder of the font files in a bundle, relative to its index.mjs. */
export const BUNDLED_FONT_DIR = 'fonts';

const resolved = new Map<FontWeight, string>();

/** Absolute path of the font file: the bundle's copy, else the npm package's. */
export function fontFile(weight: FontWeight): string {
  let path = resolved.get(weight);
  if (!path) {
    const bundled = fileURLToPath(new URL(`./${BUNDLED_FONT_DIR}/${fontFiles[weight].file}`, import.meta.url));
    path = existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(fontFiles[weight].packagePath);
    resolved.set(weight, path);
  }
  return path;
}

/**
 * Our fontconfig configuration: no font folder (see useOwnFontconfig), and text drawn without
 * hinting. Hinting snaps outlines to the pixel grid for small screen text; our text is 26-76 px
 * on a 1920x1080 picture, where it changes nothing visible, while preparing it (FreeType's
 * analysis of each face) cost the virtual background's cold start ~1.2 ms per font file. Unhinted,
 * the same text is also the same pixels on every machine (x64 here, arm64 in Lambda).
 */
export const FONTS_CONF = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
  '<fontconfig>',
  '  <cachedir>/cache</cachedir>',
  '  <match target="font">',
  '    <edit name="hinting" mode="assign"><bool>false</bool></edit>',
  '    <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>',
  '  </match>',
  '</fontconfig>',
  '',
].join('\n');

let fontconfigReady = false;

/**
 * Before the first text is drawn: unless FONTCONFIG_FILE is set, fontconfig gets a configuration
 * that names no font folder at all, inside a sysroot of its own (a temp folder). Our text always
 * names its font file, so there is nothing to find: Lambda has no configuration of its own
 * (fontconfig would complain and look for one), and a machine with fonts would have every system
 * font scanned on a cold start. The sysroot also keeps fontconfig from reading its rule templates
 * (`<datadir>/fontconfig/conf.avail`, some 40 XML files, parsed once by libvips and once by Pango:
 * ~5 ms of the virtual background's cold start where they exist); the font file, an absolute
 * path outside it, is read as before.
 */
export function useOwnFontconfig(): void {
  if (fontconfigReady) return;
  fontconfigReady = true;
  if (process.env.FONTCONFIG_FILE) return;
  const dir = join(tmpdir(), 'vk-fontconfig');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'fonts.conf'), FONTS_CONF);
  // Node sets the process's own environment: fontconfig reads it when libvips first lays out text.
  // Paths in the configuration (and the file's own) are inside the sysroot.
  process.env.FONTCONFIG_SYSROOT = dir;
  process.env.FONTCONFIG_FILE = '/fonts.conf';
}
