import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertSafeKey } from './storage.ts';
import type { Storage, StoredFile } from './storage.ts';

/** Files under a folder; the content type sits beside each file. */
export function localStorage(root: string): Storage {
  const path = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    async put(key, body, contentType) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.type`, contentType);
    },
    async get(key): Promise<StoredFile | undefined> {
      const file = path(key);
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async exists(key) {
      return access(path(key)).then(() => true, () => false);
    },
    async delete(key) {
      const file = path(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    // A folder keeps no versions: the file is all there is.
    async purge(key) {
      const file = path(key);
      const existed = await access(file).then(() => 1, () => 0);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
      return existed;
    },
  };
}
