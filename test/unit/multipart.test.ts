import { describe, expect, test } from 'vitest';
import { multipartBoundary, parseMultipart } from '../../functions/lib/multipart.ts';
import { makePng, multipart } from '../helpers/images.ts';

describe('multipartBoundary', () => {
  test('reads plain and quoted boundaries', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc123')).toBe('abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('Multipart/Form-Data;boundary=----WebKitFormBoundaryX')).toBe('----WebKitFormBoundaryX');
  });

  test('refuses other content types and a missing boundary', () => {
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});

describe('parseMultipart', () => {
  test('splits fields and keeps file bytes exactly (including CRLF and boundary-like bytes inside)', () => {
    const png = makePng(3, 2);
    const tricky = Buffer.concat([Buffer.from('a\r\n--not-the-boundary\r\n'), png, Buffer.from([0, 255, 13, 10])]);
    const { body, contentType } = multipart([
      { name: 'title', data: 'Grüße' },
      { name: 'image', filename: 'bild.png', contentType: 'image/png', data: tricky },
    ]);
    const parts = parseMultipart(body, multipartBoundary(contentType)!);
    expect(parts).toHaveLength(2);
    expect(parts![0]).toMatchObject({ name: 'title' });
    expect(parts![0]!.data.toString('utf8')).toBe('Grüße');
    expect(parts![0]!.filename).toBeUndefined();
    expect(parts![1]).toMatchObject({ name: 'image', filename: 'bild.png', contentType: 'image/png' });
    expect(parts![1]!.data.equals(tricky)).toBe(true);
  });

  test('an empty file part has empty data', () => {
    const { body, contentType } = multipart([{ name: 'image', filename: 'x.png', data: Buffer.alloc(0) }]);
    expect(parseMultipart(body, multipartBoundary(contentType)!)![0]!.data.length).toBe(0);
  });

  test('reads what a real client (fetch FormData) sends', async () => {
    const png = makePng(4, 4);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const body = Buffer.from(await req.arrayBuffer());
    const parts = parseMultipart(body, multipartBoundary(req.headers.get('content-type')!)!);
    expect(parts?.[0]?.name).toBe('image');
    expect(parts?.[0]?.filename).toBe('logo.png');
    expect(parts?.[0]?.data.equals(png)).toBe(true);
  });

  test('malformed bodies give null', () => {
    expect(parseMultipart(Buffer.from('no boundary here'), 'b')).toBeNull();
    expect(parseMultipart(Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nnever closed'), 'b')).toBeNull();
    expect(parseMultipart(Buffer.from('--b\r\nX-Other: 1\r\n\r\nv\r\n--b--'), 'b')).toBeNull();
  });
});
