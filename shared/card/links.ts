// Only http(s), tel: and mailto: links ever reach a card, whatever was typed. Plain functions
// without zod: the public card page, the vCard and the wallet passes all use them.

/** Only http(s) URLs with a host: no javascript:, data: or relative links ever reach a page. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

export function webHref(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && isHttpUrl(v) ? v : undefined;
}

/** `tel:` with digits and one leading + only, so a link stays a phone number. */
export function telHref(value: string | undefined): string | undefined {
  const digits = value?.replace(/[^0-9+]/g, '').replace(/(?!^)\+/g, '');
  return digits && /[0-9]{3,}/.test(digits) ? `tel:${digits}` : undefined;
}

/** `mailto:` with a plain address only (no query, no second recipient). */
export function mailHref(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && /^[^\s@:/?#]+@[^\s@:/?#]+\.[^\s@:/?#]+$/.test(v) ? `mailto:${v}` : undefined;
}

/** A colour only if it is a plain hex value, so nothing else ends up in a style. */
export function hexColor(value: string | null | undefined, fallback: string): string {
  return value && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? value : fallback;
}

/** The fields an uploaded image is used for; the URL segment only names the use. */
export type ImageField = 'image' | 'logo' | 'appleLogo' | 'walletLogo' | 'imageWallet';

/** Path of an uploaded image (`GET /api/upload/{field}/{filename}`; a unit test keeps it equal to the route table). */
export function uploadUrl(field: ImageField, filename: string | undefined): string | undefined {
  return filename ? `/api/upload/${field}/${encodeURIComponent(filename)}` : undefined;
}
