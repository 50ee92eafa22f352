// Loader of the V2 layout (route id 'v2'): the caller's companies and, for the selected one, its
// balance and profiles (spec §4: credits, then profiles; cards are loaded by the screens that show
// them). Re-run by react-router after every write (useWrite) and on every change of the selection.
import { companyList } from '../../../shared/api/routes/company.ts';
import { creditGet } from '../../../shared/api/routes/credit.ts';
import { profileList } from '../../../shared/api/routes/profile.ts';
import type { Company } from '../../../shared/schemas/company.ts';
import type { CompanyCredit } from '../../../shared/schemas/credit.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { msg } from '../../../shared/messages.ts';
import { call } from '../api/client.ts';
import { showError } from '../toast.tsx';
import { CREDITS_KEY } from '../layout/use-credits.ts';
import { selectedCompanyId, setSelectedCompanyId } from './selection.ts';

export interface CompanyFrame {
  companies: Company[];
  selectedId: string | null;
  /** The selected company's balance with card counts and the activation cost; null without one. */
  credit: CompanyCredit | null;
  /** The selected company's profiles; empty without one. */
  profiles: Profile[];
}

/** The signed-in not-found page's loader data (route id 'lost'): it frames itself in the V2 layout. */
export interface LostData {
  user: PublicUser;
  frame: CompanyFrame;
}

export async function loadCompanyFrame(): Promise<CompanyFrame> {
  const res = await call(companyList);
  // The frame stays usable without its companies: the screens say what is missing. Without a
  // session (401) there is nothing to say: the session guard beside this loader sends the user to the login.
  if (!res.data && res.statusCode !== 401) showError(msg.company.loadFailed);
  const companies = res.data ?? [];
  const stored = selectedCompanyId();
  const selectedId = companies.some((c) => c.id === stored) ? stored : (companies[0]?.id ?? null);
  if (res.data) setSelectedCompanyId(selectedId);
  if (!selectedId) {
    localStorage.setItem(CREDITS_KEY, '0');
    return { companies, selectedId, credit: null, profiles: [] };
  }
  const creditRes = await call(creditGet, { params: { id: selectedId } });
  const credit = creditRes.data;
  if (!credit) showError(creditRes.errorMessage ?? msg.errors.generic);
  // The header reads the balance from local storage (spec §9).
  localStorage.setItem(CREDITS_KEY, String(credit?.credits ?? companies.find((c) => c.id === selectedId)?.credits ?? 0));
  const profileRes = await call(profileList, { params: { companyId: selectedId } });
  if (!profileRes.data) showError(profileRes.errorMessage ?? msg.errors.generic);
  const withCounts = credit
    ? companies.map((c) => (c.id === selectedId
      ? { ...c, credits: credit.credits, cardCountTotal: credit.cardCountTotal, cardCountActive: credit.cardCountActive }
      : c))
    : companies;
  return { companies: withCounts, selectedId, credit, profiles: profileRes.data ?? [] };
}
