import type { HttpEvent } from '../../lib/http.ts';

/**
 * Where a visitor goes when a wallet link from a QR code fails (wrong signature, unknown or
 * inactive card, wallet not set up here): the QR wallet page of the same link. It explains the
 * problem in the visitor's language, in the card's style when the link is good, and the same
 * way for a wrong signature and an unknown card (so it tells nothing about which cards exist).
 */
export function walletLinkFailurePage(event: HttpEvent): string {
  const p = event.pathParameters ?? {};
  return `/qr/${encodeURIComponent(p.id ?? '-')}/${encodeURIComponent(p.signature ?? '-')}`;
}
