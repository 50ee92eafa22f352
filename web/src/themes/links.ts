import { isHttpUrl } from '../../../shared/schemas/common.ts';
import { fillPath } from '../../../shared/api/define.ts';
import { uploadGet } from '../../../shared/api/routes/upload.ts';
import type { UploadField } from '../../../shared/schemas/upload.ts';

// Only http(s), tel: and mailto: links ever reach a card, whatever was typed.

export function webHref(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && isHttpUrl(v) ? v : undefined;
}

export function telHref(value: string | undefined): string | undefined {
  const digits = value?.replace(/[^0-9+]/g, '').replace(/(?!^)\+/g, '');
  return digits && /[0-9]{3,}/.test(digits) ? `tel:${digits}` : undefined;
}

export function mailHref(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && /^[^\s@:/?#]+@[^\s@:/?#]+\.[^\s@:/?#]+$/.test(v) ? `mailto:${v}` : undefined;
}

/** A colour only if it is a plain hex value, so nothing else ends up in a style. */
export function hexColor(value: string | null | undefined, fallback: string): string {
  return value && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? value : fallback;
}

export function uploadUrl(field: UploadField, filename: string | undefined): string | undefined {
  return filename ? fillPath(uploadGet.path, { field, filename }) : undefined;
}
