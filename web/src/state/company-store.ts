// The selected company and what the V2 layout loaded for it, for components to read.
// Data: the layout's loader (company-frame.ts, route id 'v2'); selection: selection.ts. The
// functions below that "reload" only ask react-router to re-run the loaders, so there is one
// source of server data. New code: read `useCompanyFrame()`, write with useWrite (data.tsx).
import { useRouteLoaderData } from 'react-router';
import type { Company } from '../../../shared/schemas/company.ts';
import type { CompanyCredit } from '../../../shared/schemas/credit.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { router } from '../router.tsx';
import type { CompanyFrame } from './company-frame.ts';
import { setSelectedCompanyId, useSelectedCompanyId } from './selection.ts';

export { SELECTED_COMPANY_KEY } from './selection.ts';

export interface CompanyState {
  /** Null outside the V2 layout (nothing loaded). */
  companies: Company[] | null;
  selectedId: string | null;
  credits: number;
  credit: CompanyCredit | null;
  profiles: Profile[] | null;
}

/** What the V2 layout loaded, with the current selection; while another company's data loads, its parts are null. */
export function useCompanyStore(): CompanyState {
  const frame = useRouteLoaderData('v2') as CompanyFrame | undefined;
  const selectedId = useSelectedCompanyId();
  if (!frame) return { companies: null, selectedId, credits: 0, credit: null, profiles: null };
  const current = frame.selectedId === selectedId;
  return {
    companies: frame.companies,
    selectedId,
    credits: current ? frame.credit?.credits ?? 0 : 0,
    credit: current ? frame.credit : null,
    profiles: current ? frame.profiles : null,
  };
}

export function useSelectedCompany(): Company | null {
  const { companies, selectedId } = useCompanyStore();
  return companies?.find((c) => c.id === selectedId) ?? null;
}

/** Re-runs the page's loaders (companies, balance, profiles, the screen's own data). */
export async function revalidate(): Promise<void> {
  await router.revalidate();
}

/** Selects a company (or none); the loaders then fetch its balance, profiles and cards (<Screens> in data.tsx). */
export async function selectCompany(companyId: string | null): Promise<void> {
  setSelectedCompanyId(companyId);
}

/** After a write that can change a balance or a list. */
export const creditsChanged = (_companyId?: string): Promise<void> => revalidate();
export const reloadProfiles = revalidate;
export const reloadCredits = revalidate;
export const loadCompanies = revalidate;
