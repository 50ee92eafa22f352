import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

// The legacy vcard area (spec §2 legacy vcard screens): admin-only, like its API (docs/decisions.md).
const t = msg.vcard.ui;
const companyForm = async () => {
  const { VcardCompanyForm, loader } = await import('./company-form.tsx');
  return { Component: VcardCompanyForm, loader };
};
const personForm = async () => {
  const { VcardPersonForm, loader } = await import('./person-form.tsx');
  return { Component: VcardPersonForm, loader };
};
const admin = { admin: true };

export const vcardLegacyRoutes: RouteObject[] = [
  screen(paths.vcardCompanies, t.companies, async () => {
    const { VcardCompanyList, loader } = await import('./company-list.tsx');
    return { Component: VcardCompanyList, loader };
  }, admin),
  screen(paths.vcardCompanyAdd, t.companyAdd, companyForm, admin),
  screen(paths.vcardCompanyEdit, t.companyEdit, companyForm, admin),
  screen(paths.vcardCompanyDetails, t.companyDetails, async () => {
    const { VcardCompanyDetails, loader } = await import('./company-details.tsx');
    return { Component: VcardCompanyDetails, loader };
  }, admin),
  screen(paths.vcardCompanySettings, t.settingsTitle, async () => {
    const { VcardCompanySettings, loader } = await import('./company-settings.tsx');
    return { Component: VcardCompanySettings, loader };
  }, admin),
  screen(paths.vcardPersons, t.persons, async () => {
    const { VcardPersonList, loader } = await import('./person-list.tsx');
    return { Component: VcardPersonList, loader };
  }, admin),
  screen(paths.vcardPersonAdd, t.personAdd, personForm, admin),
  screen(paths.vcardPersonEdit, t.personEdit, personForm, admin),
  screen(paths.vcardTest, t.testTitle, async () => {
    const { VcardTestCard, loader } = await import('./test-card.tsx');
    return { Component: VcardTestCard, loader };
  }, admin),
];
