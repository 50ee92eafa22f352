import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { vcardCard, vcardSettingsGet } from '../../../../shared/api/routes/vcard.ts';
import type { VcardSettings } from '../../../../shared/schemas/vcard-settings.ts';
import type { z } from 'zod';
import type { vcardCardSchema } from '../../../../shared/schemas/vcard-person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { LoadState } from '../../components/load-state.tsx';
import { ThemedCard } from '../../themes/themed-card.tsx';
import { legacyThemeProps } from './legacy-card.ts';

const t = msg.vcard.ui;

/** `/vcard/test/:id` (spec §2 Test screen): loads the card and its company's settings, renders the preview. */
export function VcardTestCard() {
  const { id = '' } = useParams();
  const [card, setCard] = useState<z.output<typeof vcardCardSchema> | null>(null);
  const [settings, setSettings] = useState<VcardSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const c = await call(vcardCard, { params: { id } });
      if (!current) return;
      if (!c.data) return setError(c.errorMessage ?? msg.vcard.errors.personNotFound);
      const s = await call(vcardSettingsGet, { params: { id: c.data.person.companyId } });
      if (!current) return;
      if (!s.data) return setError(s.errorMessage ?? msg.errors.generic);
      setCard(c.data);
      setSettings(s.data.settings);
    })();
    return () => {
      current = false;
    };
  }, [id]);
  if (!card || !settings) return <LoadState error={error} />;
  return (
    <section className="card card-preview" aria-label={t.testTitle}>
      <h1>{t.testTitle}</h1>
      <div className="preview-stage" data-theme={settings.theme}>
        <ThemedCard {...legacyThemeProps({ person: card.person, company: card.company, settings, cardId: card.person.id })} />
      </div>
    </section>
  );
}
