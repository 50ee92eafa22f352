import { beforeAll, describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { QueryCommand } from '../../functions/lib/dynamo.ts';
import { PNG } from 'pngjs';
import jpegJs from 'jpeg-js';
import { useTestServer } from '../helpers/server.ts';
import { createCompany, createUserToken } from '../helpers/card-fixtures.ts';
import { GIF_1X1, makeJpeg, makePng, multipart, pngHeader } from '../helpers/images.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { NotFoundError } from '../../functions/lib/errors.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { getUserItem } from '../../functions/domain/users/user-item.ts';
import { saveUpload } from '../../functions/domain/uploads/save-upload.ts';

const s = useTestServer();
let admin: string;
let a: { user: { id: string; token: string }; company: { id: string } };
let b: { user: { id: string; token: string }; company: { id: string } };

async function tenant() {
  const user = await createUserToken(s);
  // No credits: uploads need none, and the isolation test expects the company to own nothing.
  return { user, company: await createCompany(s, { userIds: [user.id], credits: 0 }) };
}

beforeAll(async () => {
  admin = await s.adminToken();
  a = await tenant();
  b = await tenant();
});

/** A hand-built upload request: the multipart bytes (often broken on purpose) and their declared type. */
async function post(companyId: string, o: { token?: string | undefined; body: Buffer | string; contentType: string }) {
  const res = await s.call('uploadCreate', { params: { id: companyId }, token: o.token, rawBody: o.body, headers: { 'content-type': o.contentType } });
  return { status: res.status, body: res.body };
}

function image(data: Buffer, filename = 'bild.png', contentType = 'image/png') {
  return multipart([{ name: 'image', filename, contentType, data }]);
}

describe('uploads: store and serve', () => {
  test('a PNG graphic is stored under a random name and served with long-lived immutable caching', async () => {
    const png = makePng(40, 30);
    const res = await post(a.company.id, { token: a.user.token, ...image(png) });
    expect(res.status).toBe(200);
    expect(res.body.filename).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/);
    for (const field of ['image', 'logo', 'appleLogo', 'walletLogo', 'imageWallet'] as const) {
      const got = await s.call('uploadGet', { params: { field, filename: res.body.filename } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      // Stored re-encoded (test/api/upload-pipeline.test.ts): the same pixels, not the same bytes.
      const served = PNG.sync.read(got.bytes);
      expect([served.width, served.height]).toEqual([40, 30]);
      expect([...served.data.subarray(0, 4)]).toEqual([200, 30, 60, 255]);
    }
    // Recorded as owned by the company, so deleting the company finds it.
    const owned = await db().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(a.company.id).gsi2pk },
    }));
    expect(owned.Items?.some((i) => i.filename === res.body.filename && i.width === 40 && i.height === 30)).toBe(true);
  });

  test('a JPEG is recognised by its bytes, whatever its name and declared type say', async () => {
    const jpeg = makeJpeg(16, 16);
    const res = await post(a.company.id, { token: a.user.token, ...image(jpeg, 'foto.png', 'image/png') });
    expect(res.status).toBe(200);
    expect(res.body.filename).toMatch(/\.jpg$/);
    const got = await s.call('uploadGet', { params: { field: 'image', filename: res.body.filename } });
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    const served = jpegJs.decode(got.bytes);
    expect([served.width, served.height]).toEqual([16, 16]);
  });

  test('what a browser FormData sends is accepted', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(makePng(8, 8))], { type: 'image/png' }), 'blob');
    const res = await s.call('uploadCreate', { params: { id: a.company.id }, token: a.user.token, form });
    expect(res.status).toBe(200);
  });

  test('two uploads of the same bytes get different names', async () => {
    const png = makePng(5, 5);
    const one = await post(a.company.id, { token: a.user.token, ...image(png) });
    const two = await post(a.company.id, { token: a.user.token, ...image(png) });
    expect(one.body.filename).not.toBe(two.body.filename);
  });

  test('missing files and unknown fields', async () => {
    expect((await s.call('uploadGet', { params: { field: 'logo', filename: '00000000-0000-0000-0000-000000000000.png' } })).status).toBe(404);
    // A field the contract does not have, on purpose (raw).
    expect((await s.api('GET', '/api/upload/other/x.png')).status).toBe(400);
    expect((await s.call('uploadGet', { params: { field: 'logo', filename: '../../auth-secret' } })).status).toBe(400);
  });
});

describe('uploads: content checks', () => {
  test.each([
    ['a GIF named .png', GIF_1X1, 'Dateityp "image/gif" wird nicht unterstützt.'],
    ['text named .png', Buffer.from('Das ist kein Bild, nur Text.'), 'Dateityp "text/plain" wird nicht unterstützt.'],
    ['an SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'Dateityp "image/svg+xml" wird nicht unterstützt.'],
    ['random bytes', Buffer.from([0, 1, 2, 3, 4, 5, 250, 251]), 'Dateityp "unbekannt" wird nicht unterstützt.'],
    ['a PNG whose header is cut off', makePng(4, 4).subarray(0, 18), 'Dateityp "unbekannt" wird nicht unterstützt.'],
  ])('%s -> 415', async (_, data, message) => {
    const res = await post(a.company.id, { token: a.user.token, ...image(data) });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(message);
  });

  test('more than 4 MB -> 413', async () => {
    const big = Buffer.concat([makePng(10, 10), Buffer.alloc(4 * 1024 * 1024)]);
    const res = await post(a.company.id, { token: a.user.token, ...image(big) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Das Bild ist zu groß (höchstens 4 MB).');
  });

  test('more than 25 megapixels -> 413, without decoding the image', async () => {
    const res = await post(a.company.id, { token: a.user.token, ...image(pngHeader(6000, 5000)) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Das Bild hat zu viele Pixel (höchstens 25 Megapixel).');
    expect((await post(a.company.id, { token: a.user.token, ...image(pngHeader(0, 10)) })).status).toBe(413);
  });

  test('no field "image", or not multipart at all', async () => {
    const other = await post(a.company.id, { token: a.user.token, ...multipart([{ name: 'file', filename: 'x.png', data: makePng(2, 2) }]) });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Bitte ein Bild im Feld "image" senden.');
    const json = await post(a.company.id, { token: a.user.token, body: '{"image":"x"}', contentType: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Bitte die Daten als multipart/form-data senden.');
    const broken = await post(a.company.id, { token: a.user.token, body: 'kaputt', contentType: 'multipart/form-data; boundary=xyz' });
    expect(broken.status).toBe(400);
  });
});

describe('uploads: isolation', () => {
  test('only users of the company and admins upload for it; reading is public', async () => {
    const callers = { admin, userA: a.user.token, userB: b.user.token, anonymous: undefined } as const;
    const expected = { admin: 200, userA: 200, userB: 404, anonymous: 401 } as const;
    let filename = '';
    for (const caller of Object.keys(callers) as (keyof typeof callers)[]) {
      const res = await post(a.company.id, { token: callers[caller], ...image(makePng(3, 3)) });
      expect(res.status, `${caller}: ${JSON.stringify(res.body)}`).toBe(expected[caller]);
      if (res.status === 200) filename = res.body.filename;
    }
    const missing = await post('gibt-es-nicht', { token: b.user.token, ...image(makePng(3, 3)) });
    expect((await post(a.company.id, { token: b.user.token, ...image(makePng(3, 3)) })).body).toEqual(missing.body);
    expect((await post('gibt-es-nicht', { token: admin, ...image(makePng(3, 3)) })).status).toBe(404);
    for (const token of [admin, a.user.token, b.user.token, undefined]) {
      const got = await s.call('uploadGet', { params: { field: 'logo', filename }, token });
      expect(got.status).toBe(200);
    }
  });

  test('the tenant check is part of the write: a session read before the removal stores nothing', async () => {
    const t = await tenant();
    const stale: AuthUser = { id: t.user.id, username: 'x', isAdmin: false, companyIds: [t.company.id], tokenVersion: 0, user: (await getUserItem(t.user.id))! };
    expect((await s.call('companyUpdate', { params: { id: t.company.id }, token: admin, body: { userIds: [] } })).status).toBe(200);
    const files = readdirSync(join(s.uploadsDir, 'images')).length;
    await expect(saveUpload({ auth: stale, companyId: t.company.id, data: makePng(3, 3) })).rejects.toBeInstanceOf(NotFoundError);
    expect(readdirSync(join(s.uploadsDir, 'images')).length).toBe(files);
    const owned = await db().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(t.company.id).gsi2pk },
    }));
    expect(owned.Items).toEqual([]);
  });
});
