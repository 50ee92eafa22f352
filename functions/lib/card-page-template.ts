import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// The built public page (web/card.html after `npm run build`: hashed script names) that
// `GET /c/{id}` fills with the card. In Lambda it lies in the function's own folder, copied there by
// the bundler (infra/bundle.ts) from the same build the web bucket gets; locally it is the web
// build the server serves (dist/web), re-read when a rebuild replaced it.

export const CARD_PAGE_FILE_NAME = 'card.html';

const localFile = resolve(import.meta.dirname, '../../dist/web', CARD_PAGE_FILE_NAME);

function templateFile(): string {
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  return taskRoot ? join(taskRoot, CARD_PAGE_FILE_NAME) : localFile;
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
