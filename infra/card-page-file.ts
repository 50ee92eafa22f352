import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Metafile } from 'esbuild';
import { CARD_PAGE_FILE_NAME } from '../functions/lib/card-page-template.ts';

// The public page `/c/{id}` is answered by a Lambda (route cardPage) that fills the web build's
// card.html: the bundle that holds functions/lib/card-page-template.ts gets that file beside its
// index.mjs (Lambda reads it from LAMBDA_TASK_ROOT), from the same build the web bucket gets, so the
// page names the script files the deployment serves.

const root = resolve(import.meta.dirname, '..');
const templateModule = resolve(root, 'functions/lib/card-page-template.ts');
export const builtCardPage = join(root, 'dist/web', CARD_PAGE_FILE_NAME);

/** Whether any output of the bundle in `bundleDir` contains the template reader. */
export function readsCardPage(metafile: Metafile, bundleDir: string): boolean {
  const dir = resolve(bundleDir) + sep;
  return Object.entries(metafile.outputs).some(([file, out]) => resolve(root, file).startsWith(dir) && Object.keys(out.inputs).some((i) => resolve(root, i) === templateModule));
}

/** Copies the built card.html into the bundle when it needs it (and removes a stale copy when not). Returns whether it did. */
export function addCardPage(o: { bundleDir: string; metafile: Metafile }): boolean {
  const target = join(o.bundleDir, CARD_PAGE_FILE_NAME);
  rmSync(target, { force: true });
  if (!readsCardPage(o.metafile, o.bundleDir)) return false;
  if (!existsSync(builtCardPage)) throw new Error(`${relative(root, builtCardPage)} fehlt: die Funktion ${relative(root, o.bundleDir)} braucht die gebaute Kartenseite ("npm run build" baut erst das Web)`);
  copyFileSync(builtCardPage, target);
  return true;
}
