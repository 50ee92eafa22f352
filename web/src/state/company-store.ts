// What the V2 layout's loader read for the selected company (companies, balance, profiles), for
// components to read. The data comes from the loader (company-frame.ts, route id 'v2'), the choice
// from selection.ts; writes re-run the loaders (data.tsx useWrite), so nothing here stores or reloads.
import { useRouteLoaderData } from 'react-router';
import type { Company } from '../../../shared/schemas/company.ts';
import type { CompanyCredit } from '../../../shared/schemas/credit.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import type { CompanyFrame, LostData } from './company-frame.ts';
import { useSelectedCompanyId } from './selection.ts';

export interface CompanyState {
  /** Null outside the V2 layout (nothing loaded). */
  companies: Company[] | null;
  selectedId: string | null;
  credit: CompanyCredit | null;
  profiles: Profile[] | null;
}

/** What the V2 layout loaded, with the current selection; while another company's data loads, its parts are null. */
export function useCompanyStore(): CompanyState {
  // The V2 screens' frame, or the one the signed-in not-found page loads for itself.
  const lost = useRouteLoaderData('lost') as LostData | null | undefined;
  const frame = (useRouteLoaderData('v2') as CompanyFrame | undefined) ?? lost?.frame;
  const selectedId = useSelectedCompanyId();
  if (!frame) return { companies: null, selectedId, credit: null, profiles: null };
  const current = frame.selectedId === selectedId;
  return {
    companies: frame.companies,
    selectedId,
    credit: current ? frame.credit : null,
    profiles: current ? frame.profiles : null,
  };
}

export function useSelectedCompany(): Company | null {
  const { companies, selectedId } = useCompanyStore();
  return companies?.find((c) => c.id === selectedId) ?? null;
}
