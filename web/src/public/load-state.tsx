import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { pageTexts } from '../../../shared/card/page-texts.ts';
import type { CardLang } from '../../../shared/card/labels.ts';
import { pageLanguage } from './visitor-language.ts';

// The one load state of the public pages (card page and QR wallet page): fetch, nothing while
// loading (spec §2: the page renders nothing until the card has loaded), the designed problem page
// when the card is missing or does not load, then the page itself.

export type LoadResult<T> = { status: 'ready'; data: T } | { status: 'not-found' } | { status: 'failed' };
export type LoadStateValue<T> = { status: 'loading' } | LoadResult<T>;

/**
 * A public JSON answer. The statuses in `notFound` all read as "not found" (a wrong signature and
 * an unknown card look the same to a visitor); anything else that is not a 2xx, or no answer, is a
 * failure that may pass (retry).
 */
export async function fetchPublic<T>(url: string, notFound: readonly number[] = [404]): Promise<LoadResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' });
  } catch {
    return { status: 'failed' };
  }
  if (notFound.includes(res.status)) return { status: 'not-found' };
  if (!res.ok) return { status: 'failed' };
  try {
    return { status: 'ready', data: (await res.json()) as T };
  } catch {
    return { status: 'failed' };
  }
}

/**
 * Runs `load` (again on retry); undefined `load` (an address that names no card) is "not found".
 * `ready`: data the page already holds (the card inside the HTML of `/c/{id}`): shown at once, no
 * first load.
 */
export function usePublicLoad<T>(load: (() => Promise<LoadResult<T>>) | undefined, ready?: T): { state: LoadStateValue<T>; retry: () => void } {
  const [state, setState] = useState<LoadStateValue<T>>(ready !== undefined ? { status: 'ready', data: ready } : load ? { status: 'loading' } : { status: 'not-found' });
  const retry = useCallback(() => {
    if (!load) return;
    setState({ status: 'loading' });
    void load().then(setState);
  }, [load]);
  const [loadFirst] = useState(ready === undefined);
  useEffect(() => {
    if (loadFirst) retry();
  }, [retry, loadFirst]);
  return { state, retry };
}

function ProblemIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" fill="currentColor">
      <path d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zM8.5 7a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM13 17H4v-.8C4 14.5 6.7 13.6 8.5 13.6s4.5.9 4.5 2.6V17zm7-3h-5v-2h5v2zm0-4h-5V8h5v2z" />
    </svg>
  );
}

/**
 * The designed page for a card that is missing (unknown, inactive, wrong link: the same words, so
 * nothing tells whether a card exists) or that did not load, in the visitor's language, with a way
 * on: try again, and back where the visitor came from when there is such a page.
 */
export function ProblemPage({ kind, onRetry, lang = pageLanguage() }: { kind: 'not-found' | 'failed'; onRetry: () => void; lang?: CardLang }) {
  const t = pageTexts[lang];
  const heading = kind === 'not-found' ? t.notFound : t.loadFailed;
  useEffect(() => {
    document.title = heading;
    document.documentElement.lang = lang;
  }, [heading, lang]);
  const canGoBack = typeof history !== 'undefined' && history.length > 1;
  return (
    <main className="card-page-message" lang={lang}>
      <div className="pp-box">
        <span className="pp-icon"><ProblemIcon /></span>
        <h1>{heading}</h1>
        <p>{kind === 'not-found' ? t.notFoundHint : t.loadFailedHint}</p>
        <div className="pp-actions">
          <button type="button" onClick={onRetry}>{t.retry}</button>
          {canGoBack && <button type="button" className="pp-secondary" onClick={() => history.back()}>{t.back}</button>}
        </div>
      </div>
    </main>
  );
}

/** Nothing while loading, the problem page, or the page drawn from the loaded data. */
export function LoadState<T>({ state, retry, children }: { state: LoadStateValue<T>; retry: () => void; children: (data: T) => ReactNode }) {
  switch (state.status) {
    case 'loading':
      return null;
    case 'not-found':
    case 'failed':
      return <ProblemPage kind={state.status} onRetry={retry} />;
    case 'ready':
      return <>{children(state.data)}</>;
  }
}
