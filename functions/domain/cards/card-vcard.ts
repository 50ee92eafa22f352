import { cardContent } from '../../../shared/card/content.ts';
import { publicCardUrl } from '../../../shared/card/public-url.ts';
import { profileLanguage } from '../../../shared/card/themes.ts';
import { buildVcard, cardFileStem } from '../../../shared/card/vcard.ts';
import type { VcardPhoto } from '../../../shared/card/vcard.ts';
import { variantFilename } from '../../../shared/images.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { uploads } from '../../lib/storage/index.ts';
import { uploadStorageKey } from '../uploads/storage-keys.ts';
import { readCard } from './read-card.ts';
import type { CardSource } from './read-card.ts';
import { cardSettings } from './read-card.ts';
import { toPublicCard } from './public-card.ts';

/**
 * The small JPEG the upload pipeline stored for vCards. Uploads from before the pipeline have
 * none: the contact is then saved without a photo (resizing here would put image work into a
 * visitor's request).
 */
async function vcardPhoto(image: string | undefined): Promise<VcardPhoto | undefined> {
  if (!image) return undefined;
  const file = await uploads().get(uploadStorageKey(variantFilename(image, { vcard: true })));
  return file ? { base64: Buffer.from(file.body).toString('base64'), type: 'JPEG' } : undefined;
}

/** `GET /api/card/{id}/vcard`: the active card as a vCard 3.0 file and its file name. */
export async function cardVcard(o: { personId: string }): Promise<{ fileName: string; vcard: string }> {
  return vcardOf(await readCard(o));
}

/** The vCard of a card as stored, active or not (the card holder's data export, Art. 15). */
export async function vcardOf(source: CardSource): Promise<{ fileName: string; vcard: string }> {
  const card = toPublicCard({ ...source, settings: cardSettings(source.profile) });
  // The vCard speaks the profile's language (it has no visitor to ask).
  const content = cardContent({ person: card.person, profile: card.profile, lang: profileLanguage(card.profile.settings.theme, card.lang) });
  const vcard = buildVcard(content, {
    photo: await vcardPhoto(content.photoFile),
    cardUrl: publicCardUrl(publicBaseUrl(), card.id),
  });
  return { fileName: `${cardFileStem(content, cardMessages.fallbackFileName)}.vcf`, vcard };
}
