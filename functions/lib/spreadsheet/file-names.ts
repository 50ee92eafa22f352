// Parts of export file names (`visitenkarten-<org>-<date>.csv`, `auskunft-<name>-<date>.zip`).

import { berlinDate } from '../../../shared/berlin-clock.ts';

/** `Muster GmbH & Co.` -> `muster-gmbh-co`; umlauts spelled out so the name works everywhere. */
export function slug(text: string): string {
  const ascii = text.toLowerCase().replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue').replaceAll('ß', 'ss');
  return ascii.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'unternehmen';
}

/** Today in Europe/Berlin as `yyyy-mm-dd`, for file names. */
export function today(now = new Date()): string {
  return berlinDate(now);
}
