import { describe, expect, it } from 'vitest';
import { legalLinksWarning } from '../../shared/card/legal-links.ts';
import { privacyMessages } from '../../shared/messages/privacy.ts';

describe('Impressum/Datenschutz warning', () => {
  it('names what is missing, and nothing when both links are there', () => {
    const m = privacyMessages.legal;
    expect(legalLinksWarning({})).toBe(m.missingBoth);
    expect(legalLinksWarning({ impressum: '  ', datenschutz: 'https://x.de/ds' })).toBe(m.missingImprint);
    expect(legalLinksWarning({ impressum: 'https://x.de/impressum', datenschutz: '' })).toBe(m.missingPrivacy);
    expect(legalLinksWarning({ impressum: 'https://x.de/impressum', datenschutz: 'https://x.de/ds' })).toBeUndefined();
    expect(legalLinksWarning(null)).toBeUndefined();
  });
});
