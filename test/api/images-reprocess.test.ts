import { beforeAll, describe, expect, test } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { GetCommand, PutCommand } from '../../functions/lib/dynamo.ts';
import sharp from 'sharp';
import jpegJs from 'jpeg-js';
import { imageSize } from 'image-size';
import { inject } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { photoLikeRgb } from '../helpers/photo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { handler } from '../../functions/jobs/images-reprocess.ts';
import { reprocessUploads } from '../../functions/domain/uploads/reprocess-uploads.ts';
import { IMAGE_PIPELINE_VERSION } from '../../functions/domain/uploads/save-upload.ts';
import { allVariantFilenames, variantFilename } from '../../shared/images.ts';

// `npm run images:reprocess` and the job `images-reprocess`: uploads from before the pipeline get
// every derivative; a second run changes nothing; a stopped run goes on where it stopped.

const s = useTestServer();
const root = resolve(import.meta.dirname, '../..');
let t: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => { t = await createTenant(s); });

const dir = () => join(s.uploadsDir, 'images');

/** An upload as older code left it: the file (and its type beside it) and a record without `pipeline`. */
async function legacyUpload(companyId: string, data: Buffer, ext: 'png' | 'jpg'): Promise<string> {
  const filename = `${randomUUID()}.${ext}`;
  mkdirSync(dir(), { recursive: true });
  writeFileSync(join(dir(), filename), data);
  writeFileSync(join(dir(), `${filename}.type`), ext === 'png' ? 'image/png' : 'image/jpeg');
  const meta = await sharp(data).metadata();
  await db().send(new PutCommand({
    TableName: tableName(),
    Item: {
      ...keys.upload(filename), ...keys.ownedUpload(companyId, filename), type: 'upload', filename, companyId, ownerKind: 'company',
      storageKey: `images/${filename}`, contentType: ext === 'png' ? 'image/png' : 'image/jpeg', size: data.length, width: meta.width, height: meta.height,
      createdBy: 'test', createdAt: new Date().toISOString(),
    },
  }));
  return filename;
}

/** Every stored file with its bytes' hash and modification time. */
function snapshot(): Map<string, string> {
  return new Map(readdirSync(dir()).map((f) => {
    const path = join(dir(), f);
    return [f, `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${statSync(path).mtimeMs}`];
  }));
}

const record = async (filename: string) => (await db().send(new GetCommand({ TableName: tableName(), Key: keys.upload(filename) }))).Item!;

describe('image reprocess job', () => {
  test('uploads from before get every derivative (metadata stripped where the original had some); a second run changes nothing', async () => {
    // The old cropper's photo: an opaque PNG, already re-encoded clean by the issue 16 pipeline.
    const croppedPng = await sharp(photoLikeRgb(600, 443), { raw: { width: 600, height: 443, channels: 3 } }).png().toBuffer();
    const oldCrop = await legacyUpload(t.company.id, croppedPng, 'png');
    // A camera JPEG stored as it came, before any pipeline: EXIF with GPS.
    const camera = await sharp(photoLikeRgb(400, 300), { raw: { width: 400, height: 300, channels: 3 } })
      .withExif({ IFD0: { Model: 'Geheim 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1' } }).jpeg().toBuffer();
    const oldCamera = await legacyUpload(t.company.id, camera, 'jpg');
    // A card keeps showing its photo by the same name.
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Alt', lastname: 'Bild', image: oldCrop } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const before = readFileSync(join(dir(), oldCrop));

    const first = await handler({}, { getRemainingTimeInMillis: () => 600_000 });
    expect(first).toMatchObject({ remade: 2, failed: 0, done: true });
    for (const name of [oldCrop, oldCamera]) {
      for (const file of allVariantFilenames(name)) expect(readdirSync(dir()), file).toContain(file);
      expect((await record(name)).pipeline).toBe(IMAGE_PIPELINE_VERSION);
    }
    // Names stay (cards point at them): the PNG photo's widths stay PNG, and it gets AVIF and WebP.
    expect(imageSize(readFileSync(join(dir(), variantFilename(oldCrop, { width: 320, format: 'avif' }))))).toMatchObject({ type: 'avif', width: 320 });
    expect(imageSize(readFileSync(join(dir(), variantFilename(oldCrop, { width: 320 }))))).toMatchObject({ type: 'png', width: 320 });
    // A clean original is left as it is; the camera JPEG's is re-encoded without EXIF.
    expect(readFileSync(join(dir(), oldCrop)).equals(before)).toBe(true);
    const renewed = readFileSync(join(dir(), oldCamera));
    expect((jpegJs.decode(renewed) as { exifBuffer?: Uint8Array }).exifBuffer).toBeUndefined();
    expect(renewed.includes(Buffer.from('Geheim 1'))).toBe(false);
    expect((await s.call('uploadGet', { params: { field: 'image', filename: oldCrop } })).status).toBe(200);
    expect((await s.call('cardGet', { params: { id: card.body.id } })).body).toMatchObject({ person: { image: oldCrop } });

    const files = snapshot();
    const second = await handler({}, { getRemainingTimeInMillis: () => 600_000 });
    expect(second).toMatchObject({ remade: 0, failed: 0, done: true });
    expect(second.current).toBe(first.current + first.remade);
    expect(snapshot()).toEqual(files);
  });

  test('a run stopped by its deadline says so and the next run goes on; uploads made today are skipped', async () => {
    const other = await createTenant(s);
    const names = await Promise.all([0, 1].map(async (i) => legacyUpload(other.company.id, await sharp(photoLikeRgb(200 + i, 150), { raw: { width: 200 + i, height: 150, channels: 3 } }).jpeg().toBuffer(), 'jpg')));
    const stopped = await reprocessUploads({ deadline: Date.now() - 1 });
    expect(stopped.done).toBe(false);
    expect(stopped.remade).toBe(0);
    const goOn = await reprocessUploads();
    expect(goOn.done).toBe(true);
    expect(goOn.remade).toBeGreaterThanOrEqual(2);
    for (const name of names) expect((await record(name)).pipeline).toBe(IMAGE_PIPELINE_VERSION);
  });

  test('npm run images:reprocess runs the same code against the local data and says what it did', async () => {
    const legacy = await legacyUpload(t.company.id, await sharp(photoLikeRgb(120, 90), { raw: { width: 120, height: 90, channels: 3 } }).jpeg().toBuffer(), 'jpg');
    const { stdout } = await promisify(execFile)(process.execPath, ['functions/local/images-reprocess.ts'], {
      cwd: root,
      env: { ...process.env, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), TABLE_NAME: s.tableName, UPLOADS_DIR: s.uploadsDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Bilder neu berechnet in [\d.]+ s: 1 neu erstellt, \d+ waren schon aktuell, 0 nicht möglich\.$/m);
    expect((await record(legacy)).pipeline).toBe(IMAGE_PIPELINE_VERSION);
  });
});
