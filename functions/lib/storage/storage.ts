/** Where uploaded files live: S3 in AWS, a folder locally. Keys look like `logo/abc.png`. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  /** Short text values stored with the file (S3 user metadata: lower-case names, ASCII values). */
  metadata?: Record<string, string>;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string, metadata?: Record<string, string>): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Whether the key exists, without reading it. */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Removes the key for good: in a versioned bucket every version and delete marker of it (a
   * plain delete only adds a marker and keeps the bytes recoverable), so an erasure (DSGVO
   * Art. 17) leaves nothing behind. Answers how many stored versions went.
   */
  purge(key: string): Promise<number>;
  /** Every key under the prefix (a folder: `wallet-passes/`). */
  list(prefix: string): Promise<string[]>;
}

/** Keys are built by us, but a stray `..` must never reach a file system or a bucket. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Ungültiger Speicherschlüssel: ${key}`);
  }
}
