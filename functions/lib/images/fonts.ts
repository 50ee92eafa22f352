import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// The one typeface the image pipeline draws text with: Inter (SIL Open Font License 1.1, from the
// npm package @expo-google-fonts/inter). Lambda has no system fonts, so text is never left to
// fontconfig: every text layer names this file (functions/lib/images/text.ts). A Lambda bundle
// whose code uses this module gets the files beside its index.mjs in `fonts/`
// (functions/native-modules.ts `addFonts`); run from the sources they come from node_modules.

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
