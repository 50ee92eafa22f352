import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { requireAdmin } from '../../guards.ts';

// The legacy vcard area (spec §2 legacy vcard screens): admin-only, like its API (docs/decisions.md).
const companyForm = () => import('./company-form.tsx');
const personForm = () => import('./person-form.tsx');

export const vcardLegacyRoutes: RouteObject[] = [
  { path: paths.vcardCompanies, loader: requireAdmin, lazy: async () => ({ Component: (await import('./company-list.tsx')).VcardCompanyList }) },
  { path: paths.vcardCompanyAdd, loader: requireAdmin, lazy: async () => ({ Component: (await companyForm()).VcardCompanyForm }) },
  { path: paths.vcardCompanyEdit, loader: requireAdmin, lazy: async () => ({ Component: (await companyForm()).VcardCompanyForm }) },
  { path: paths.vcardCompanyDetails, loader: requireAdmin, lazy: async () => ({ Component: (await import('./company-details.tsx')).VcardCompanyDetails }) },
  { path: paths.vcardCompanySettings, loader: requireAdmin, lazy: async () => ({ Component: (await import('./company-settings.tsx')).VcardCompanySettings }) },
  { path: paths.vcardPersons, loader: requireAdmin, lazy: async () => ({ Component: (await import('./person-list.tsx')).VcardPersonList }) },
  { path: paths.vcardPersonAdd, loader: requireAdmin, lazy: async () => ({ Component: (await personForm()).VcardPersonForm }) },
  { path: paths.vcardPersonEdit, loader: requireAdmin, lazy: async () => ({ Component: (await personForm()).VcardPersonForm }) },
  { path: paths.vcardTest, loader: requireAdmin, lazy: async () => ({ Component: (await import('./test-card.tsx')).VcardTestCard }) },
];
