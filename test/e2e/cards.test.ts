import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, rowAction, signInAs } from '../helpers/browser.ts';
import { createBareTenant, createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { makePng } from '../helpers/images.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const signIn = (page: Page, user: { username: string; password: string }) => signInAs(page, s.baseUrl, user);

/** The "Nachname" cells of the card table, top to bottom. */
async function lastnames(page: Page): Promise<string[]> {
  return page.locator('table.cards-table tbody td[data-label="Nachname"]').allInnerTexts();
}

describe('card holders in the browser', () => {
  test('create a card with two phones, an email and a cropped photo; the preview follows the typing', async () => {
    const t = await createTenant(s);
    const other = await createProfile(s, t.company.id, { profilname: 'Zweites Profil' });
    const { page, close } = await openPage();
    await signIn(page, t.user);
    await page.getByRole('heading', { name: 'Visitenkarten (0)' }).waitFor();
    await page.getByRole('link', { name: 'Visitenkarte anlegen' }).click();
    await page.waitForURL('**/v2/card/visitenkarte/add');

    const preview = page.getByRole('tabpanel');
    await page.getByLabel('Vorname').pressSequentially('Jö');
    await preview.getByRole('heading', { name: 'Jö' }).waitFor();
    await page.getByLabel('Vorname').pressSequentially('rg');
    await page.getByLabel('Nachname').fill('Äbert');
    await preview.getByRole('heading', { name: 'Jörg Äbert' }).waitFor();
    await page.getByLabel('Position').fill('Geschäftsführer');
    await preview.getByText('Geschäftsführer').waitFor();
    await page.getByLabel('Organisation').fill('Äbert Holding');

    // The address belongs to the profile: choosing another profile clears it.
    await page.locator('select[name="adresseId"]').selectOption({ label: 'Marienplatz 2, 80331 München' });
    await preview.getByText('80331 München').waitFor();
    await page.locator('select[name="companyProfilId"]').selectOption(other.id);
    await expect(page.locator('select[name="adresseId"]').inputValue()).resolves.toBe('');
    await page.locator('select[name="companyProfilId"]').selectOption(t.profile.id);
    await page.locator('select[name="adresseId"]').selectOption({ label: 'Hauptstraße 1, 10115 Berlin, Deutschland' });

    const addPhone = page.getByRole('button', { name: '+ Telefon hinzufügen' });
    await addPhone.click();
    await page.locator('input[name="tel.0.value"]').fill('+49 30 123456');
    await addPhone.click();
    await page.locator('input[name="tel.1.value"]').fill('0171 555 66 77');
    // Both phone types used: no third one can be added.
    await expect(addPhone.count()).resolves.toBe(0);
    await page.getByRole('button', { name: '+ E-Mail hinzufügen' }).click();
    await page.locator('input[name="email.0.value"]').fill('joerg@mueller.de');
    await preview.getByRole('link', { name: /0171 555 66 77/ }).waitFor();
    expect(await preview.getByRole('link', { name: /joerg@mueller\.de/ }).getAttribute('href')).toBe('mailto:joerg@mueller.de');

    await page.getByLabel('Foto: Bild wählen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: makePng(542, 400) });
    const cropper = page.getByRole('dialog', { name: 'Bildausschnitt wählen' });
    await cropper.waitFor();
    await cropper.getByRole('button', { name: 'Übernehmen' }).click();
    await cropper.waitFor({ state: 'detached' });
    await preview.getByRole('img', { name: 'Foto von Jörg Äbert' }).waitFor();

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Visitenkarte wurde erfolgreich angelegt').waitFor();
    await page.waitForURL(/\/v2\/card\/visitenkarte\/edit\/[\w-]+$/);
    await page.getByRole('heading', { name: 'Visitenkarte bearbeiten' }).waitFor();
    const id = page.url().split('/').pop()!;

    const saved = await s.call('personGet', { params: { id }, token: t.user.token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstname: 'Jörg', lastname: 'Äbert', position: 'Geschäftsführer', org: 'Äbert Holding', companyProfilId: t.profile.id,
      adresseId: t.profile.adressen[0]!.adresseId,
      tel: [{ type: 'work', value: '+49 30 123456' }, { type: 'cell', value: '0171 555 66 77' }],
      email: [{ type: 'work1', value: 'joerg@mueller.de' }],
      image: expect.any(String),
    });
    const photo = await s.call('uploadGet', { params: { field: 'image', filename: saved.body.image! } });
    expect(photo.status).toBe(200);
    // The cropper uploads photos as JPEG (the PNG chosen here is flat, but it was cropped as a photo).
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    // Editing the saved card: a second save is an update of the same card.
    await page.getByLabel('Position').fill('Inhaber');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Visitenkarte wurde erfolgreich gespeichert').waitFor();
    expect((await s.call('personGet', { params: { id }, token: t.user.token })).body).toMatchObject({ position: 'Inhaber', version: 2 });
    await close();
  // A photo through the cropper and the whole image pipeline (30 files): 10 s alone, over 20 s on a busy machine.
  }, 60_000);

  test('sort and search survive a reload; delete asks first', async () => {
    const t = await createTenant(s);
    for (const [firstname, lastname] of [['Zoe', 'Adler'], ['Anna', 'Zander'], ['Ömer', 'Özdemir']] as const) {
      const res = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname, lastname } });
      expect(res.status).toBe(200);
    }
    const { page, close } = await openPage();
    // While the cards load, the title carries no count (not a misleading "(0)").
    let release!: () => void;
    const held = new Promise<void>((ok) => { release = ok; });
    await page.route('**/api/card/company/person/all/**', async (route) => { await held; await route.continue(); });
    await signIn(page, t.user);
    await page.getByRole('heading', { name: 'Visitenkarten', exact: true }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Visitenkarten (3)' }).waitFor();
    expect(await lastnames(page)).toEqual(['Adler', 'Özdemir', 'Zander']);
    await expect(page.getByRole('button', { name: 'Visitenkarten als CSV herunterladen' }).count()).resolves.toBe(0);

    const byFirstname = page.getByRole('button', { name: /^Vorname/ });
    await byFirstname.click();
    expect(await lastnames(page)).toEqual(['Zander', 'Özdemir', 'Adler']);
    await byFirstname.click();
    expect(await lastnames(page)).toEqual(['Adler', 'Özdemir', 'Zander']);
    await byFirstname.click();
    expect(await lastnames(page)).toEqual(['Zander', 'Özdemir', 'Adler']);
    await page.getByRole('button', { name: /^Nachname/ }).click();
    expect(await lastnames(page)).toEqual(['Adler', 'Özdemir', 'Zander']);
    await page.getByRole('button', { name: /^Nachname/ }).click();
    await page.getByRole('searchbox', { name: 'Suche' }).fill('an');
    expect(await lastnames(page)).toEqual(['Zander']);
    await page.getByRole('searchbox', { name: 'Suche' }).fill('');
    expect(await lastnames(page)).toEqual(['Zander', 'Özdemir', 'Adler']);
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Zan');
    expect(await lastnames(page)).toEqual(['Zander']);

    await page.reload();
    await page.getByRole('heading', { name: 'Visitenkarten (3)' }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Suche' }).inputValue()).resolves.toBe('Zan');
    expect(await lastnames(page)).toEqual(['Zander']);
    expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
    expect(await page.locator('th[aria-sort]').innerText()).toContain('Nachname');
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Adler');

    const ask = async () => {
      await rowAction(page, 'Zoe Adler', 'Löschen');
      const dialog = page.getByRole('alertdialog', { name: 'Visitenkarte löschen' });
      await dialog.getByText('Sind Sie sicher, dass Sie die Visitenkarte „Zoe Adler“ löschen wollen?').waitFor();
      return dialog;
    };
    await (await ask()).getByRole('button', { name: 'Abbrechen' }).click();
    expect(await lastnames(page)).toEqual(['Adler']);
    await (await ask()).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Visitenkarte wurde erfolgreich gelöscht').waitFor();
    await page.getByRole('heading', { name: 'Visitenkarten (2)' }).waitFor();
    expect(await lastnames(page)).toEqual([]);
    const left = await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token });
    expect(left.body.items.map((p: { lastname: string }) => p.lastname).sort()).toEqual(['Zander', 'Özdemir']);
    await close();
  });

  test('without a profile "add" is disabled with the hint; admins get the CSV export', async () => {
    const bare = await createBareTenant(s);
    const { page, close } = await openPage();
    await signIn(page, bare.user);
    // Once the (empty) profile list is loaded, the hint is shown and "add" stays disabled.
    await page.locator('p', { hasText: 'Um eine Visitenkarte anzulegen wird ein Profil benötigt' }).waitFor();
    expect(await page.getByRole('button', { name: 'Visitenkarte anlegen' }).isDisabled()).toBe(true);
    expect(await page.locator('[title="Um eine Visitenkarte anzulegen wird ein Profil benötigt"]').count()).toBe(1);
    await close();

    const admin = await openPage();
    await signIn(admin.page, { username: 'admin', password: 'Wolke-Tinte-Regal-51' });
    await admin.page.goto(`${s.baseUrl}/v2/card/visitenkarte?companyId=${bare.company.id}`);
    await admin.page.waitForURL((url) => !url.search.includes('companyId'));
    // The bare company (no profile) is selected once the hint appears.
    await admin.page.locator('p', { hasText: 'Um eine Visitenkarte anzulegen wird ein Profil benötigt' }).waitFor();
    const exportButton = admin.page.getByRole('button', { name: 'Visitenkarten als CSV herunterladen' });
    await exportButton.waitFor();
    const download = admin.page.waitForEvent('download');
    await exportButton.click();
    const slug = bare.company.org.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^visitenkarten-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const xlsx = admin.page.waitForEvent('download');
    await admin.page.getByRole('button', { name: 'Visitenkarten als Excel (.xlsx) herunterladen' }).click();
    expect((await xlsx).suggestedFilename()).toMatch(new RegExp(`^visitenkarten-${slug}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));

    // An id that is not among the companies is ignored: the address is cleaned, the selection stays.
    await admin.page.goto(`${s.baseUrl}/v2/card/visitenkarte?companyId=gibt-es-nicht`);
    await admin.page.waitForURL((url) => !url.search.includes('companyId'));
    await admin.page.locator('p', { hasText: 'Um eine Visitenkarte anzulegen wird ein Profil benötigt' }).waitFor();
    expect(await admin.page.evaluate(() => localStorage.getItem('selectedCompanyId'))).toBe(bare.company.id);
    await admin.close();
  });

  test('a card whose address the profile dropped saves, and the save clears the address', async () => {
    const t = await createTenant(s);
    const token = t.user.token;
    const created = await s.call('personCreate', { token, body: { companyProfilId: t.profile.id, firstname: 'Anna', lastname: 'Adler', adresseId: t.profile.adressen[1]!.adresseId } });
    expect(created.status).toBe(200);
    const profile = (await s.call('profileGet', { params: { id: t.profile.id }, token })).body;
    const dropped = await s.call('profileUpdate', { params: { id: t.profile.id }, token, body: { profilname: profile.profilname, adressen: [profile.adressen[0]!], version: profile.version } });
    expect(dropped.status).toBe(200);

    const { page, close } = await openPage();
    await signIn(page, t.user);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${created.body.id}`);
    // The profile's addresses are offered once its profile is loaded.
    await page.locator('select[name="adresseId"] option', { hasText: 'Hauptstraße 1' }).waitFor({ state: 'attached' });
    await expect(page.locator('select[name="adresseId"]').inputValue()).resolves.toBe('');
    await page.getByLabel('Aktiv').uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Visitenkarte wurde erfolgreich gespeichert').waitFor();
    const saved = (await s.call('personGet', { params: { id: created.body.id }, token })).body;
    expect(saved).toMatchObject({ isActive: false, version: 2 });
    expect(saved.adresseId).toBeUndefined();
    await close();
  });
});
