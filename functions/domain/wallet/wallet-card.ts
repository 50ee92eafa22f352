import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { isValidWalletSignature } from '../../lib/wallet/link-signature.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { PersonItem } from '../cards/person-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { resolveCard } from '../cards/read-card.ts';
import type { CompanyItem } from '../companies/company-item.ts';
import { cardContent } from '../../../shared/card/content.ts';
import type { CardContent } from '../../../shared/card/content.ts';
import type { CardPerson, CardProfile } from '../../../shared/card/types.ts';
import type { ProfileSettings } from '../../../shared/schemas/profile.ts';
import { profileLanguage } from '../../../shared/card/themes.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { walletMessages } from '../../../shared/messages/wallet.ts';

/** What a pass is built from (a deleted card's snapshot has only this). */
export interface PassSource {
  id: string;
  person: CardPerson;
  cardProfile: CardProfile | null;
  content: CardContent;
}

/** A card with everything its passes are built from. */
export interface WalletCard extends PassSource {
  person: PersonItem;
  profile: ProfileItem | undefined;
  company: CompanyItem | undefined;
  cardProfile: CardProfile | null;
  content: CardContent;
}

function asCardProfile(p: ProfileItem | undefined, settings: ProfileSettings): CardProfile | null {
  if (!p) return null;
  return { ...(p as unknown as CardProfile), settings };
}

/**
 * The card, its profile and company; undefined when the card does not exist. A legacy person
 * (admin-managed `VCardCompany` cards, whose QR codes and wallet links are still out there) comes
 * in the same shape, its company standing in for profile and company, as on the public page.
 */
export async function loadWalletCard(personId: string): Promise<WalletCard | undefined> {
  const card = await resolveCard(personId);
  return card ? walletCardOf(card.person, card.profile, card.company, card.settings) : undefined;
}

function walletCardOf(person: PersonItem, profile: ProfileItem | undefined, company: CompanyItem | undefined, settings: ProfileSettings): WalletCard {
  const cardProfile = asCardProfile(profile, settings);
  // Passes speak the profile's language: the one its theme fixes, else the company's.
  const lang = profileLanguage(cardProfile?.settings.theme, company?.lang);
  return { id: person.id, person, profile, company, cardProfile, content: cardContent({ person, profile: cardProfile, lang }) };
}

/** A card the signed-in user may see (another company's answers 404 like a missing one). */
export async function ownWalletCard(auth: AuthUser, personId: string): Promise<WalletCard> {
  const card = await loadWalletCard(personId);
  requireCompanyAccess(auth, card?.person.companyId, personMessages.errors.notFound);
  return card!;
}

/**
 * A public signed link's card: a wrong signature is a 403 (checked first, so it says nothing
 * about whether the id exists), an unknown or inactive card a 404.
 */
export async function signedWalletCard(personId: string, signature: string): Promise<WalletCard> {
  if (!(await isValidWalletSignature(personId, signature))) throw new ForbiddenError(walletMessages.errors.badSignature);
  const card = await loadWalletCard(personId);
  if (!card || !card.person.isActive || card.company?.deleting) throw new NotFoundError(walletMessages.errors.cardNotFound);
  return card;
}
