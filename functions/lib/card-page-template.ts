import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// The built public page (web/card.html after `npm run build`: hashed script names) that
// `GET /c/{id}` fills with the card. In a Lambda bundle it lies in the function's own folder,
// copied there by the bundler (infra/card-page-file.ts) from the same build the web bucket gets;
// run from the sources it is the web build the local server serves (dist/web), re-read when a
// rebuild replaced it.

export const CARD_PAGE_FILE_NAME = 'card.html';

/** Beside the bundle's index.mjs (this module may sit in its chunks/ folder), else the local web build. */
function templateFile(): string {
  const here = import.meta.dirname;
  const candidates = [
    ...(process.env.LAMBDA_TASK_ROOT ? [join(process.env.LAMBDA_TASK_ROOT, CARD_PAGE_FILE_NAME)] : []),
    join(here, CARD_PAGE_FILE_NAME),
    join(here, '..', CARD_PAGE_FILE_NAME),
    resolve(here, '../../dist/web', CARD_PAGE_FILE_NAME),
  ];
  return candidates.find((f) => existsSync(f)) ?? candidates.at(-1)!;
}

let cached: { file: string; mtimeMs: number; text: string } | undefined;

export async function cardPageTemplate(): Promise<string> {
  const file = templateFile();
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    throw new Error(`Die Kartenseite ${file} fehlt: erst "npm run build" (lokal baut "npm start" sie selbst)`);
  }
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.text;
  cached = { file, mtimeMs, text: await readFile(file, 'utf8') };
  return cached.text;
}
