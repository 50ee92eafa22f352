import { useEffect, useMemo, useState } from 'react';
import { CARD_ROOT_CLASS } from '../../../shared/card/root.ts';
import { pageTexts } from '../../../shared/card/page-texts.ts';
import { CARD_DATA_ELEMENT_ID, publicCardInput } from '../../../shared/card/page-data.ts';
import type { PublicCard } from '../../../shared/card/types.ts';
import { cardContent } from '../themes/kit.tsx';
import { themeComponent } from '../themes/index.tsx';
import { cardPalette } from '../../../shared/card/contrast.ts';
import { ContactExchange } from './contact-exchange.tsx';
import type { ThemeProps } from '../themes/types.ts';
import { fetchPublic, LoadState, usePublicLoad } from './load-state.tsx';
import { pageLanguage } from './visitor-language.ts';

// The public card page `/c/:id` (spec §2): its own small entry, no router, no API client, no zod.
// The server sends the page with the card in it (functions/domain/cards/card-page-html.ts); only
// without it (an unknown card: the same page for every such id) does it ask the API, and shows
// nothing until the answer is there; every theme comes with the page.

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

/**
 * The card's parts as the themes take them: the company's org is the display-name fallback
 * (spec §2); the labels speak the visitor's language unless the profile's theme fixes one.
 */
function themeProps(card: PublicCard): ThemeProps {
  const lang = pageLanguage({ theme: card.profile?.settings?.theme, companyLang: card.lang });
  return { ...publicCardInput(card, lang), cardId: card.id };
}

/**
 * The card the server wrote into the page (`GET /c/{id}`, shared/card/page-data.ts), if it is this
 * id's. Read once and removed, so a retry or a later render never takes stale data.
 */
export function embeddedCard(id: string | undefined): PublicCard | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById(CARD_DATA_ELEMENT_ID);
  if (!el) return undefined;
  el.remove();
  try {
    const card = JSON.parse(el.textContent ?? '') as PublicCard;
    return card && typeof card === 'object' && card.id === id ? card : undefined;
  } catch {
    return undefined;
  }
}

function Card({ card }: { card: PublicCard }) {
  const props = useMemo(() => themeProps(card), [card]);
  const Theme = themeComponent(card.profile?.settings?.theme);
  useEffect(() => {
    document.title = cardContent(props).title || pageTexts[props.lang ?? 'de'].documentTitle;
    document.documentElement.lang = props.lang ?? 'de';
  }, [props]);
  const css = card.profile?.settings?.customCss;
  return (
    <main className="card-page">
      {/* customCss arrives scoped to this root by the server; as text of a style element it cannot end the element. */}
      <div className={CARD_ROOT_CLASS}>
        {css ? <style>{css}</style> : null}
        <Theme {...props} />
      </div>
      {card.contactExchange && <Contact props={props} />}
    </main>
  );
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
  const load = useMemo(() => (id ? () => fetchPublic<PublicCard>(`/api/card/${encodeURIComponent(id)}`) : undefined), [id]);
  // The card usually comes with the page; the API only when it did not (an older cached page, a retry).
  const [ready] = useState(() => embeddedCard(id));
  const { state, retry } = usePublicLoad(load, ready);
  return <LoadState state={state} retry={retry}>{(card) => <Card card={card} />}</LoadState>;
}
