import { useEffect, useSyncExternalStore } from 'react';
import { companyList } from '../../../shared/api/routes/company.ts';
import { creditGet } from '../../../shared/api/routes/credit.ts';
import type { CompanyCredit } from '../../../shared/schemas/credit.ts';
import { profileList } from '../../../shared/api/routes/profile.ts';
import type { Company } from '../../../shared/schemas/company.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { msg } from '../../../shared/messages.ts';
import { call } from '../api/client.ts';
import { getUser } from '../session.ts';
import { showError } from '../toast.tsx';
import { CREDITS_KEY } from '../layout/use-credits.ts';

// The selected company and what hangs off it (spec §3/§4): companies, credits, profiles; persons
// are loaded by whoever shows them, through `onProfilesLoaded`.

/** Persisted selection; logout clears it (and the balance the header shows). */
export const SELECTED_COMPANY_KEY = 'selectedCompanyId';

export interface CompanyState {
  /** Null until the first load. */
  companies: Company[] | null;
  selectedId: string | null;
  credits: number;
  /** The selected company's balance with card counts and the activation cost; null until read. */
  credit: CompanyCredit | null;
  /** The selected company's profiles; null while they load. */
  profiles: Profile[] | null;
}

const EMPTY: CompanyState = { companies: null, selectedId: null, credits: 0, credit: null, profiles: [] };

let state: CompanyState = { ...EMPTY, selectedId: localStorage.getItem(SELECTED_COMPANY_KEY) };
/** Whose data the state holds: a sign-in as somebody else starts from scratch. */
let owner: string | null = getUser()?.id ?? null;
const listeners = new Set<() => void>();
const profileListeners = new Set<(o: { companyId: string | null; profiles: Profile[] }) => void>();
/** Bumped on every selection, so a slow answer for a company no longer selected is dropped. */
let selectionRound = 0;

function set(patch: Partial<CompanyState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function setCredits(credits: number): void {
  localStorage.setItem(CREDITS_KEY, String(credits));
  set({ credits });
}

export function companyState(): CompanyState {
  return state;
}

export function selectedCompany(): Company | null {
  return state.companies?.find((c) => c.id === state.selectedId) ?? null;
}

/**
 * Hook for persons (spec §4: selecting a company loads credits, then profiles, then persons):
 * called after every profile load, with an empty list when no company is selected.
 */
export function onProfilesLoaded(listener: (o: { companyId: string | null; profiles: Profile[] }) => void): () => void {
  profileListeners.add(listener);
  return () => profileListeners.delete(listener);
}

/** Re-reads the selected company's balance (written to local storage for the header). */
export async function reloadCredits(): Promise<void> {
  const companyId = state.selectedId;
  if (!companyId) {
    showError(msg.company.creditsNoCompany);
    return;
  }
  const res = await call(creditGet, { params: { id: companyId } });
  if (state.selectedId !== companyId) return;
  if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
  const credit = res.data;
  set({
    credit,
    companies: state.companies?.map((c) => (c.id === companyId
      ? { ...c, credits: credit.credits, cardCountTotal: credit.cardCountTotal, cardCountActive: credit.cardCountActive }
      : c)) ?? null,
  });
  setCredits(credit.credits);
}

/**
 * After a write that can change a balance (a card saved or deleted, credits booked): re-reads it
 * when it is the selected company's (or, without `companyId`, in any case), so the header follows.
 */
export async function creditsChanged(companyId?: string): Promise<void> {
  if (!state.selectedId || (companyId && companyId !== state.selectedId)) return;
  await reloadCredits();
}

/** Re-reads the selected company's profiles, then tells the persons loaders. */
export async function reloadProfiles(): Promise<void> {
  const companyId = state.selectedId;
  if (!companyId) {
    showError(msg.profile.noCompany);
    return;
  }
  const res = await call(profileList, { params: { companyId } });
  if (state.selectedId !== companyId) return;
  if (!res.data) {
    showError(res.errorMessage ?? msg.errors.generic);
    return;
  }
  set({ profiles: res.data });
  for (const l of profileListeners) l({ companyId, profiles: res.data });
}

/**
 * Selects a company (or none): credits, then profiles, then persons. With none selected the
 * selection is cleared, credits are 0 and the lists are empty.
 */
export async function selectCompany(companyId: string | null): Promise<void> {
  const round = ++selectionRound;
  if (!companyId) {
    localStorage.removeItem(SELECTED_COMPANY_KEY);
    set({ selectedId: null, profiles: [], credit: null });
    setCredits(0);
    for (const l of profileListeners) l({ companyId: null, profiles: [] });
    return;
  }
  localStorage.setItem(SELECTED_COMPANY_KEY, companyId);
  set({ selectedId: companyId, profiles: null, credit: state.credit?.companyId === companyId ? state.credit : null });
  const company = state.companies?.find((c) => c.id === companyId);
  if (company) setCredits(company.credits);
  await reloadCredits();
  if (round !== selectionRound) return;
  await reloadProfiles();
}

let loading: Promise<void> | null = null;

/**
 * Loads the caller's companies; afterwards the first one is selected when none is, or when the
 * selected one is no longer among them (spec §4).
 */
export function loadCompanies(): Promise<void> {
  loading ??= (async () => {
    const user = getUser()?.id ?? null;
    if (user !== owner) {
      owner = user;
      state = { ...EMPTY, selectedId: localStorage.getItem(SELECTED_COMPANY_KEY) };
    }
    const res = await call(companyList);
    if (!res.data) {
      showError(msg.company.loadFailed);
      return;
    }
    const companies = res.data;
    set({ companies });
    const stored = localStorage.getItem(SELECTED_COMPANY_KEY);
    const keep = companies.some((c) => c.id === stored) ? stored : (companies[0]?.id ?? null);
    await selectCompany(keep);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store's state, re-rendering on change. */
export function useCompanyStore(): CompanyState {
  return useSyncExternalStore(subscribe, companyState);
}

/** Used once by the V2 layout: loads the companies whenever the signed-in frame appears. */
export function useLoadCompanies(): void {
  useEffect(() => {
    void loadCompanies();
  }, []);
}
