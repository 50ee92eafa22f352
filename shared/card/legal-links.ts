import { privacyMessages } from '../messages/privacy.ts';

/**
 * The warning for a profile whose public cards lack the Impressum (§ 5 DDG) or the
 * Datenschutzerklärung (Art. 13 DSGVO), or undefined when both links are there. A warning, not
 * a block: docs/decisions.md "Impressum and Datenschutz".
 */
export function legalLinksWarning(profile: { impressum?: string | undefined; datenschutz?: string | undefined } | null | undefined): string | undefined {
  if (!profile) return undefined;
  const imprint = Boolean(profile.impressum?.trim());
  const privacy = Boolean(profile.datenschutz?.trim());
  if (imprint && privacy) return undefined;
  const m = privacyMessages.legal;
  return !imprint && !privacy ? m.missingBoth : !imprint ? m.missingImprint : m.missingPrivacy;
}
