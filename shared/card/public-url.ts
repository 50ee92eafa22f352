/** Path of a card's public page (the SPA route `/c/:id`). */
export function publicCardPath(id: string): string {
  return `/c/${encodeURIComponent(id)}`;
}

/** Absolute address of a card's public page: what QR codes and the vCard carry. */
export function publicCardUrl(baseUrl: string, id: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${publicCardPath(id)}`;
}
