import type { Page } from 'playwright-core';

export interface CroppedUpload {
  /** What the server stored (the field's new value). */
  filename: string;
  /** What the browser sent: the cropper's export. */
  sent: { contentType: string; name: string; bytes: Buffer };
}

type Recorded = { type: string; name: string; dataUrl: string };

/**
 * Records the file of the next upload the page sends (Chromium does not expose a request body
 * holding a Blob to the test): fetch is wrapped before the app starts.
 */
async function recordUploads(page: Page): Promise<void> {
  if (await page.evaluate(() => '__uploads' in window)) return;
  await page.evaluate(() => {
    const w = window as unknown as { __uploads: Recorded[]; fetch: typeof fetch };
    w.__uploads = [];
    const original = w.fetch.bind(window);
    w.fetch = async (input, init) => {
      const file = init?.body instanceof FormData ? init.body.get('image') : null;
      if (file instanceof File) {
        const dataUrl = await new Promise<string>((done) => { const r = new FileReader(); r.onload = () => done(r.result as string); r.readAsDataURL(file); });
        w.__uploads.push({ type: file.type, name: file.name, dataUrl });
      }
      return original(input, init);
    };
  });
}

/**
 * Chooses `file` in the image field labelled `label` of the open form, takes the cropper's
 * default crop (the largest area of the field's ratio; a logo: the whole picture) and answers
 * what the browser uploaded and the name the server stored: a real cropper export, as a user
 * makes it (bench and browser tests).
 */
export async function cropAndUpload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<CroppedUpload> {
  await recordUploads(page);
  await page.getByLabel(`${label}: Bild wählen`, { exact: true }).or(page.getByLabel(`${label}: Bild ändern`, { exact: true })).setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Bildausschnitt wählen' });
  await dialog.locator('.cropper-crop-box').waitFor();
  const response = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/upload\/[^/]+$/.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  const res = await response;
  const body = (await res.json()) as { filename?: string; message?: string };
  if (!res.ok() || !body.filename) throw new Error(`Upload abgelehnt (${res.status()}): ${body.message ?? ''}`);
  await dialog.waitFor({ state: 'detached' });
  const sent = await page.evaluate(() => (window as unknown as { __uploads: Recorded[] }).__uploads.at(-1)!);
  return { filename: body.filename, sent: { contentType: sent.type, name: sent.name, bytes: Buffer.from(sent.dataUrl.split(',')[1]!, 'base64') } };
}
