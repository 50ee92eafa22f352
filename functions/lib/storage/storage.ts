/** Where uploaded files live: S3 in AWS, a folder locally. Keys look like `logo/abc.png`. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Whether the key exists, without reading it. */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Keys are built by us, but a stray `..` must never reach a file system or a bucket. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Ungültiger Speicherschlüssel: ${key}`);
  }
}
