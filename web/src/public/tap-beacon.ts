import { isTapKind, tapBeaconUrl } from '../../../shared/card/taps.ts';

// Taps on the public pages (issue 28): ONE delegated listener for the whole page reads the
// `data-tap` kind the card's link builder put on the link and requests the beacon (a static file
// the CDN keeps; its access log counts it, docs/statistics.md "Taps"). No cookie, nothing about
// the visitor: the request carries the card id and the kind. `keepalive` lets it finish when the
// link leaves the page; `no-store` makes every tap a request of its own.

/** The card of `/c/:id` and `/qr/:id/:signature`. */
export function cardIdOfPage(pathname: string): string | undefined {
  const m = /^\/(?:c|qr)\/([^/]+)/.exec(pathname);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

export function installTapBeacon(doc: Document = document): void {
  const send = (event: MouseEvent) => {
    // A click, or a middle click that opens the link in a new tab.
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = (event.target as Element | null)?.closest?.('[data-tap]');
    const kind = link?.getAttribute('data-tap') ?? '';
    const cardId = cardIdOfPage(doc.location.pathname);
    if (!cardId || !isTapKind(kind)) return;
    void fetch(tapBeaconUrl(cardId, kind), { cache: 'no-store', credentials: 'omit', keepalive: true }).catch(() => undefined);
  };
  // Capture: counted even where a theme's own handler stops the event.
  doc.addEventListener('click', send, true);
  doc.addEventListener('auxclick', send, true);
}
