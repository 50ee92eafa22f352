import { useParams } from 'react-router';
import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths, pathTo } from '../../paths.ts';
import { screen } from '../../data.tsx';

const titles = msg.backoffice.titles;
// V2 and legacy show the same list; each links to the add and edit form of its own layout.
const list = (addPath: string, editPath: string) => async () => {
  const { CompanyList, loader } = await import('./company-list.tsx');
  return { Component: () => <CompanyList addPath={addPath} editPath={editPath} />, loader };
};
const adminForm = async () => {
  const { AdminCompanyForm, loader } = await import('./company-form.tsx');
  return { Component: AdminCompanyForm, loader };
};
const legacyForm = async () => {
  const { CompanyDetailForm, loader } = await import('./company-detail-form.tsx');
  return { Component: CompanyDetailForm, loader };
};

/** Companies: the admin list and form, and the company user's own company (V2 layout). */
export const companyRoutes: RouteObject[] = [
  screen(paths.adminCompanies, titles.companies, list(paths.adminCompanyAdd, paths.adminCompanyEdit), { admin: true }),
  screen(paths.adminCompanyAdd, titles.companyAdd, adminForm, { admin: true }),
  screen(paths.adminCompanyEdit, titles.companyEdit, adminForm, { admin: true }),
  screen(paths.cardCompany, titles.company, async () => ({ Component: (await import('./company-overview.tsx')).CompanyOverview })),
  screen(paths.cardCompanyEdit, titles.companyEdit, async () => {
    const { OwnCompanyForm, ownLoader } = await import('./company-form.tsx');
    return { Component: OwnCompanyForm, loader: ownLoader };
  }),
];

/** The legacy company overview (spec §2 /company): the same admin list, its add and edit in the legacy layout. */
export const companyLegacyRoutes: RouteObject[] = [
  screen(paths.companyLegacy, titles.companies, list(paths.companyLegacyAdd, paths.companyLegacyEdit), { admin: true }),
  screen(paths.companyLegacyAdd, titles.companyAdd, legacyForm, { admin: true }),
  screen(paths.companyLegacyEdit, titles.companyEdit, legacyForm, { admin: true }),
  // The profile tab's "Bearbeiten": the profile form in the legacy layout, back to that tab.
  screen(paths.companyLegacyProfileEdit, titles.profileEdit, async () => {
    const { ProfileForm, loader } = await import('../profiles/profile-form.tsx');
    const Component = () => {
      const { companyId = '' } = useParams();
      return <ProfileForm backTo={`${pathTo(paths.companyLegacyEdit, { companyId })}?tab=profile`} />;
    };
    return { Component, loader };
  }, { admin: true }),
];
