import { useCallback, useEffect, useState } from 'react';
import { LoadProblem } from './load-problem.tsx';
import type { ComponentType } from 'react';
import { CARD_ROOT_CLASS } from '../../../shared/card/root.ts';
import { cardPageTexts as t } from '../../../shared/card/page-texts.ts';
import type { PublicCard } from '../../../shared/card/types.ts';
import { cardContent } from '../themes/kit.tsx';
import { cardPalette } from '../../../shared/card/contrast.ts';
import { ContactExchange } from './contact-exchange.tsx';
import { loadTheme } from '../themes/index.ts';
import type { ThemeProps } from '../themes/types.ts';

// The public card page `/c/:id` (spec §2): its own small entry, no router, no API client, no zod.
// It fetches the card, then the card's theme chunk, and shows nothing until both are there.

type State =
  | { status: 'loading' }
  | { status: 'ready'; card: PublicCard; Theme: ComponentType<ThemeProps> }
  | { status: 'not-found' }
  | { status: 'failed' };

/** The card id from `/c/:id` (undefined for anything else). */
export function cardIdFromPath(pathname: string): string | undefined {
  const m = /^\/c\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

async function loadCard(id: string): Promise<State> {
  let res: Response;
  try {
    res = await fetch(`/api/card/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' }, credentials: 'omit' });
  } catch {
    return { status: 'failed' };
  }
  if (res.status === 404) return { status: 'not-found' };
  if (!res.ok) return { status: 'failed' };
  try {
    const card = (await res.json()) as PublicCard;
    const Theme = (await loadTheme(card.profile?.settings?.theme)).default;
    return { status: 'ready', card, Theme };
  } catch {
    return { status: 'failed' };
  }
}

/** The card's parts as the themes take them; the company's org is the display-name fallback (spec §2). */
function themeProps(card: PublicCard): ThemeProps {
  return { person: { ...card.person, org: card.person.org?.trim() ? card.person.org : card.org }, profile: card.profile, lang: card.lang, cardId: card.id };
}

/** "Kontakt austauschen" under the card, in the card's words and colours (issue 28). */
function Contact({ props }: { props: ThemeProps }) {
  const c = cardContent(props);
  const p = cardPalette(c.colors);
  return (
    <ContactExchange cardId={props.cardId!} lang={c.lang} holder={c.name} company={c.company}
      privacyHref={c.legal.find((l) => l.key === 'datenschutz')?.href} band={p.band} onBand={p.onBand} />
  );
}

export function CardPage({ pathname }: { pathname: string }) {
  const id = cardIdFromPath(pathname);
  const [state, setState] = useState<State>(id ? { status: 'loading' } : { status: 'not-found' });

  const load = useCallback(() => {
    if (!id) return;
    setState({ status: 'loading' });
    void loadCard(id).then(setState);
  }, [id]);
  useEffect(load, [load]);

  useEffect(() => {
    if (state.status === 'ready') {
      const props = themeProps(state.card);
      document.title = cardContent(props).title || t.documentTitle;
      document.documentElement.lang = state.card.lang;
    } else if (state.status !== 'loading') {
      document.title = state.status === 'not-found' ? t.notFound : t.loadFailed;
    }
  }, [state]);

  switch (state.status) {
    case 'loading':
      return null;
    case 'not-found':
    case 'failed':
      return <LoadProblem status={state.status} onRetry={load} />;
    case 'ready': {
      const { card, Theme } = state;
      const css = card.profile?.settings?.customCss;
      return (
        <main className="card-page">
          {/* customCss arrives scoped to this root by the server; as text of a style element it cannot end the element. */}
          <div className={CARD_ROOT_CLASS}>
            {css ? <style>{css}</style> : null}
            <Theme {...themeProps(card)} />
          </div>
          <Contact props={themeProps(card)} />
        </main>
      );
    }
  }
}
