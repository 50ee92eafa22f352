import { afterEach, describe, expect, test } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { clearRecordedInvalidations, invalidate, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { pathsOf } from '../../functions/jobs/cdn-invalidate.ts';
import { uploadCdnPaths } from '../../functions/domain/uploads/save-upload.ts';

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
});
