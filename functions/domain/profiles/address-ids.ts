import { randomUUID } from 'node:crypto';
import type { ProfileInput, ProfileAddress } from '../../../shared/schemas/profile.ts';

/** Every address keeps its id (cards refer to it); a new or repeated one gets a fresh id. */
export function withAddressIds(list: ProfileInput['adressen']): ProfileAddress[] {
  const seen = new Set<string>();
  return list.map((a) => {
    const adresseId = a.adresseId && !seen.has(a.adresseId) ? a.adresseId : randomUUID();
    seen.add(adresseId);
    return { ...a, adresseId };
  });
}
