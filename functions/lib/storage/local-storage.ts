import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertSafeKey } from './storage.ts';
import type { Storage, StoredFile } from './storage.ts';

/** Files under a folder; the content type (and metadata, if any) sits beside each file. */
export function localStorage(root: string): Storage {
  const path = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    async put(key, body, contentType, metadata) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.type`, contentType);
      if (metadata) await writeFile(`${file}.meta`, JSON.stringify(metadata));
      else await rm(`${file}.meta`, { force: true });
    },
    async get(key): Promise<StoredFile | undefined> {
      const file = path(key);
      try {
        const [body, contentType, meta] = await Promise.all([
          readFile(file), readFile(`${file}.type`, 'utf8'), readFile(`${file}.meta`, 'utf8').catch(() => undefined),
        ]);
        return { body, contentType, ...(meta ? { metadata: JSON.parse(meta) as Record<string, string> } : {}) };
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
      await rm(`${file}.meta`, { force: true });
    },
    // A folder keeps no versions: the file is all there is.
    async purge(key) {
      const file = path(key);
      const existed = await access(file).then(() => 1, () => 0);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
      await rm(`${file}.meta`, { force: true });
      return existed;
    },
    async list(prefix) {
      // Only whole folders are listed here (`wallet-passes/`); the files beside each file are not keys.
      const dir = path(prefix.replace(/\/$/, ''));
      const names = await readdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      return names.filter((n) => !n.endsWith('.type') && !n.endsWith('.meta')).map((n) => `${prefix.replace(/\/$/, '')}/${n}`);
    },
  };
}
