// The user's choice of company, and nothing else: which company the V2 screens work on (spec §4).
// Server data (companies, credits, profiles, cards) is fetched by route loaders (data.tsx) and
// never stored here. Changing the selection re-runs the loaders (<Screens> in data.tsx).
import { useSyncExternalStore } from 'react';

/** Persisted selection; logout clears it. */
export const SELECTED_COMPANY_KEY = 'selectedCompanyId';

const listeners = new Set<() => void>();

/** Read from storage each time: logout clears the storage, and with it the choice. */
export function selectedCompanyId(): string | null {
  return localStorage.getItem(SELECTED_COMPANY_KEY);
}

export function setSelectedCompanyId(id: string | null): void {
  if (id === selectedCompanyId()) return;
  if (id) localStorage.setItem(SELECTED_COMPANY_KEY, id);
  else localStorage.removeItem(SELECTED_COMPANY_KEY);
  for (const l of listeners) l();
}

export function subscribeSelection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedCompanyId(): string | null {
  return useSyncExternalStore(subscribeSelection, selectedCompanyId);
}
