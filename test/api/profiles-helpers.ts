import { beforeAll, describe, expect, test } from 'vitest';
import { UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { NotFoundError } from '../../functions/lib/errors.ts';
import { createProfileSchema, updateProfileSchema } from '../../shared/schemas/profile.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { getUserItem } from '../../functions/domain/users/user-item.ts';
import { createProfile as createDomainProfile } from '../../functions/domain/profiles/create-profile.ts';
import { updateProfile as updateDomainProfile } from '../../functions/domain/profiles/update-profile.ts';
import { deleteProfile as deleteDomainProfile } from '../../functions/domain/profiles/delete-profile.ts';
import type { TestServer } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';

// Setup shared by the profiles API tests (profiles.crud, profiles.isolation), bound to the file's server.
export function profilesHelpers(s: TestServer) {
  const DEFAULT_SETTINGS = {
    theme: 'the-vcard',
    logo: { top: 0, right: null, left: null, height: 70, useColor: false, color: '#ffffff' },
    person: { background: '#000000', color: '#ffffff' },
    kontakt: { fill: '#ffffff' },
    display: { showStrasse: true, showPLZ: true },
    applePass: { backgroundColor: '#FFFFFF', fontColor: '#000000' },
    customCss: null,
  };

  async function tenant() {
    const user = await createUserToken(s);
    const company = await createCompany(s, { userIds: [user.id] });
    return { user, company };
  }

  /** Three uploads of the tenant's company, for the three logo fields. */
  async function logos(t: Awaited<ReturnType<typeof tenant>>) {
    const [logo, appleLogo, walletLogo] = await Promise.all([0, 1, 2].map(() => uploadImage(s, t.user.token, t.company.id)));
    return { logo: logo!, appleLogo: appleLogo!, walletLogo: walletLogo! };
  }

  function fullProfile(companyId: string, files: { logo: string; appleLogo: string; walletLogo: string }): BodyOf<'profileCreate'> & { adressen: NonNullable<BodyOf<'profileCreate'>['adressen']> } {
    return {
      companyId,
      profilname: 'Vertrieb',
      firmenname: 'Müller & Söhne GmbH',
      claim: 'Wir machen das.',
      ...files,
      adressen: [
        { straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', bundesland: 'Berlin', land: 'Deutschland' },
        { adresseId: 'eigene-id', ort: 'Wien', plz: '1010', land: 'Österreich' },
      ],
      url: 'https://mueller.de',
      social: [
        { type: 'youtube', link: 'https://youtube.com/@mueller' },
        { type: 'tiktok', link: 'http://tiktok.com/@mueller' },
        { type: 'xing', link: 'https://xing.com/mueller' },
      ],
      notes: 'Nur intern',
      color: '#123abc',
      class: 'vertrieb',
      impressum: 'https://mueller.de/impressum',
      datenschutz: 'https://mueller.de/datenschutz',
      umsatzsteuernummer: 'DE123456789',
      handelsgericht: 'Amtsgericht Berlin HRB 1',
      settings: {
        theme: 'the-vcard-v2',
        logo: { top: 10, right: 5, left: null, height: 50, useColor: true, color: '#ff0000' },
        person: { background: '#111111', color: '#eeeeee' },
        kontakt: { fill: '#222222' },
        display: { showStrasse: false, showPLZ: true },
        applePass: { backgroundColor: '#333333', fontColor: '#444444' },
        customCss: '.card { border: 1px solid red; }',
      },
    };
  }
  return { DEFAULT_SETTINGS, tenant, logos, fullProfile };
}
