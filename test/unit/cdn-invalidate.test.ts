import { afterEach, describe, expect, test } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { clearRecordedInvalidations, invalidate, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { consolidatePaths, pathsOf, widen, WILDCARD_BUDGET } from '../../functions/jobs/cdn-invalidate.ts';
import { uploadCdnPaths } from '../../functions/domain/uploads/storage-keys.ts';

const env = { TABLE_NAME: 'tbl', UPLOADS_DIR: '/tmp/x', AUTH_SECRET: 'x'.repeat(32) };
Object.assign(process.env, env);

afterEach(() => clearRecordedInvalidations());

describe('CDN invalidation port (local recorder)', () => {
  test('records each call once per path, and nothing for an empty list', async () => {
    await invalidate(['/api/card/1', '/api/card/1', '/api/card/1.vcf']);
    await invalidate([]);
    expect(recordedInvalidations()).toEqual([['/api/card/1', '/api/card/1.vcf']]);
    clearRecordedInvalidations();
    expect(recordedInvalidations()).toEqual([]);
  });

  test('refuses a relative path (CloudFront would reject the whole batch)', async () => {
    await expect(invalidate(['api/card/1'])).rejects.toThrow('/');
  });

  test('an upload is invalidated under every field that serves it, with its variants', () => {
    // `abc.*` covers the original and its stored variants (abc.w320.png, abc.vcard.jpg; shared/images.ts).
    expect(uploadCdnPaths('images/abc.png')).toContain('/api/upload/logo/abc.*');
    expect(uploadCdnPaths('images/abc.png').every((p) => p.endsWith('/abc.*'))).toBe(true);
  });
});

describe('CDN invalidation job', () => {
  const event = (...bodies: string[]): SQSEvent => ({
    Records: bodies.map((body, i) => ({ body, messageId: `m${i}` }) as SQSEvent['Records'][number]),
  });

  test('merges the paths of a batch once and skips a malformed message', () => {
    expect(pathsOf(event(
      JSON.stringify({ paths: ['/a', '/b'] }),
      'kein json',
      JSON.stringify({ paths: ['/b', '/c*'] }),
    ))).toEqual(['/a', '/b', '/c*']);
  });

  test('keeps CloudFront under its 15 wildcard paths in progress: many wildcards widen to their folders', () => {
    const images = Array.from({ length: 20 }, (_, i) => uploadCdnPaths(`images/f${i}.png`)).flat();
    const out = consolidatePaths([...images, '/api/card/abc', '/api/card/abc/vcard']);
    expect(out.filter((p) => p.endsWith('*')).length).toBeLessThanOrEqual(WILDCARD_BUDGET);
    // Every original path is still covered: by itself or by a wildcard prefix.
    for (const p of [...images, '/api/card/abc']) expect(out.some((o) => o === p || (o.endsWith('*') && p.startsWith(o.slice(0, -1)))), p).toBe(true);
    expect(out).toContain('/api/card/abc');
    expect(out).not.toContain('/*');
  });

  test('few paths stay as they are; paths a wildcard covers are dropped', () => {
    expect(consolidatePaths(['/api/card/1*', '/api/card/1', '/api/card/2'])).toEqual(['/api/card/1*', '/api/card/2']);
    expect(consolidatePaths(['/a/b/*', '/a/b/c*'], 7)).toEqual(['/a/b/*']);
    expect(consolidatePaths(['/a/x*', '/b/y*', '/c/z*'], 1)).toEqual(['/*']);
    expect(consolidatePaths(['/u/a/1*', '/u/a/2*', '/u/b/3*'], 2)).toEqual(['/u/a/*', '/u/b/*']);
    expect([widen('/a/b/c*'), widen('/a/b/*'), widen('/a/*'), widen('/*')]).toEqual(['/a/b/*', '/a/*', '/*', '/*']);
  });
});
