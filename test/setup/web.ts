import { buildWeb } from '../../web/build.ts';

/** A fresh web build in dist/web (skipped when nothing it is built from changed). */
export default async function setup() {
  await buildWeb({ onlyIfStale: true });
}
