import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { requireAdmin } from '../../guards.ts';

const form = () => import('./company-form.tsx');

/** Companies: the admin list and form, and the company user's own company (V2 layout). */
export const companyRoutes: RouteObject[] = [
  { path: paths.adminCompanies, loader: requireAdmin, lazy: async () => ({ Component: (await import('./company-list.tsx')).CompanyList }) },
  { path: paths.adminCompanyAdd, loader: requireAdmin, lazy: async () => ({ Component: (await form()).AdminCompanyForm }) },
  { path: paths.adminCompanyEdit, loader: requireAdmin, lazy: async () => ({ Component: (await form()).AdminCompanyForm }) },
  { path: paths.cardCompany, lazy: async () => ({ Component: (await import('./company-overview.tsx')).CompanyOverview }) },
  { path: paths.cardCompanyEdit, lazy: async () => ({ Component: (await form()).OwnCompanyForm }) },
];

/** The legacy company overview (spec §2 /company) shows the same admin list in the legacy layout. */
export const companyLegacyRoutes: RouteObject[] = [
  { path: paths.companyLegacy, loader: requireAdmin, lazy: async () => ({ Component: (await import('./company-list.tsx')).CompanyList }) },
  { path: paths.companyLegacyAdd, loader: requireAdmin, lazy: async () => ({ Component: (await import('./legacy-company-form.tsx')).LegacyCompanyForm }) },
  { path: paths.companyLegacyEdit, loader: requireAdmin, lazy: async () => ({ Component: (await import('./legacy-company-form.tsx')).LegacyCompanyForm }) },
];
