import { cardContent } from '../../../shared/card/content.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import { cardFileStem } from '../../../shared/card/vcard.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { qrSvg } from '../../lib/qr-code.ts';
import { getPersonItem } from './person-item.ts';

/**
 * QR code of a card's public address for the card overview ('QR-Code herunterladen'). Own
 * company or admin; another company's card answers 404 like a missing one. Inactive cards get
 * one too: the code can be printed before the card goes live.
 */
export async function cardQr(o: { auth: AuthUser; personId: string }): Promise<{ fileName: string; svg: string }> {
  const person = await getPersonItem(o.personId);
  requireCompanyAccess(o.auth, person?.companyId, personMessages.errors.notFound);
  const content = cardContent({ person: person!, profile: null });
  const svg = await qrSvg(publicCardUrl(publicBaseUrl(), person!.id));
  return { fileName: `${cardMessages.qrFilePrefix}-${cardFileStem(content, cardMessages.fallbackFileName)}.svg`, svg };
}
