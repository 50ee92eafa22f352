import { buildSignature } from '../../../shared/card/signature.ts';
import type { Signature } from '../../../shared/card/signature.ts';
import { cardFileStem } from '../../../shared/card/vcard.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { ownedCardContent } from './owned-card-content.ts';

/** The card's e-mail signature (HTML and plain text) and the stem of its download names. */
export async function cardSignature(o: { auth: AuthUser; personId: string }): Promise<Signature & { fileStem: string }> {
  const { cardId, content, palette } = await ownedCardContent(o);
  return {
    ...buildSignature({ cardId, baseUrl: publicBaseUrl(), content, palette }),
    fileStem: `${cardMessages.signature.filePrefix}-${cardFileStem(content, cardMessages.fallbackFileName)}`,
  };
}
