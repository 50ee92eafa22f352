import { useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardCard, vcardSettingsGet } from '../../../../shared/api/routes/vcard.ts';
import type { VcardSettings } from '../../../../shared/schemas/vcard-settings.ts';
import type { z } from 'zod';
import type { vcardCardSchema } from '../../../../shared/schemas/vcard-person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { ThemedCard } from '../../themes/themed-card.tsx';
import { legacyThemeProps } from './legacy-card.ts';

const t = msg.vcard.ui;

export async function loader({ params }: LoaderFunctionArgs): Promise<{ card: z.output<typeof vcardCardSchema>; settings: VcardSettings }> {
  const card = await need(call(vcardCard, { params: { id: params.id ?? '' } }));
  const { settings } = await need(call(vcardSettingsGet, { params: { id: card.person.companyId } }));
  return { card, settings };
}

/** `/vcard/test/:id` (spec §2 Test screen): the card with its company's settings, as the preview. */
export function VcardTestCard() {
  const { card, settings } = useLoaderData<typeof loader>();
  return (
    <section className="card card-preview" aria-label={t.testTitle}>
      <h1>{t.testTitle}</h1>
      <div className="preview-stage" data-theme={settings.theme}>
        <ThemedCard {...legacyThemeProps({ person: card.person, company: card.company, settings, cardId: card.person.id })} />
      </div>
    </section>
  );
}
