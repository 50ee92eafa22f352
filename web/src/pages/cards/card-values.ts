import type { Person } from '../../../../shared/schemas/person.ts';
import type { CardPerson } from '../../../../shared/card/types.ts';
import type { ContactEntry } from '../../components/contact-list.tsx';

/** The card form's state: plain strings as the inputs hold them ('' = not set). */
export interface CardValues {
  companyProfilId: string;
  adresseId: string;
  nice: string;
  firstname: string;
  lastname: string;
  position: string;
  firmenname: string;
  org: string;
  url: string;
  color: string;
  image: string;
  imageWallet: string;
  tel: ContactEntry[];
  email: ContactEntry[];
  social: ContactEntry[];
  isActive: boolean;
}

export function emptyCard(profileId: string): CardValues {
  return {
    companyProfilId: profileId, adresseId: '', nice: '', firstname: '', lastname: '', position: '', firmenname: '', org: '',
    url: '', color: '', image: '', imageWallet: '', tel: [], email: [], social: [], isActive: true,
  };
}

export function valuesOf(p: Person): CardValues {
  return {
    companyProfilId: p.companyProfilId,
    adresseId: p.adresseId ?? '',
    nice: p.nice ?? '',
    firstname: p.firstname,
    lastname: p.lastname,
    position: p.position ?? '',
    firmenname: p.firmenname ?? '',
    org: p.org ?? '',
    url: p.url ?? '',
    color: p.color ?? '',
    image: p.image ?? '',
    imageWallet: p.imageWallet ?? '',
    tel: p.tel.map((e) => ({ ...e })),
    email: p.email.map((e) => ({ ...e })),
    social: p.social.map((s) => ({ type: s.type, value: s.link })),
    isActive: p.isActive,
  };
}

/**
 * The values with an address the profile offers: an `adresseId` the profile no longer has (it
 * was removed from the profile) shows as "Keine Adresse", so the state says the same and the
 * next save clears it. Unchanged values come back as the same object.
 */
export function withOfferedAddress(v: CardValues, adressen: readonly { adresseId: string }[]): CardValues {
  return v.adresseId && !adressen.some((a) => a.adresseId === v.adresseId) ? { ...v, adresseId: '' } : v;
}

/**
 * A new card, or one moved to another profile: a profile with exactly one address offers it
 * already chosen (with several, the holder's is picked by hand). Unchanged values come back as the
 * same object.
 */
export function withDefaultAddress(v: CardValues, adressen: readonly { adresseId: string }[]): CardValues {
  return !v.adresseId && adressen.length === 1 ? { ...v, adresseId: adressen[0]!.adresseId } : v;
}

/** What the shared schema validates (blank strings are dropped there); its output is sent. */
export function bodyOf(v: CardValues): Record<string, unknown> {
  return { ...v, social: v.social.map((s) => ({ type: s.type, link: s.value })) };
}

/** The live preview shows exactly what is typed right now. */
export function themePersonOf(v: CardValues): CardPerson {
  return { ...v, social: v.social.map((s) => ({ type: s.type, link: s.value })) };
}
