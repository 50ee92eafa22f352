// `npm start` on a Node that cannot run TypeScript files would die with a raw
// ERR_UNKNOWN_FILE_EXTENSION stack trace. Plain JavaScript, so any Node runs this check first and
// says in one line what is needed (the version of package.json `engines`), then starts main.ts.
import { readFileSync } from 'node:fs';
import { nodeTooOld } from './node-version.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const problem = nodeTooOld(process.version, pkg.engines?.node ?? '');
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import('./main.ts');
