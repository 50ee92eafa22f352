import { useState } from 'react';
import { msg } from '../../../../shared/messages.ts';
import { ThemedCard } from '../../themes/themed-card.tsx';
import type { ThemeProps } from '../../themes/types.ts';
import { ApplePassPreview, GooglePassPreview } from './wallet-preview.tsx';

const t = msg.person.ui;
const tabs = [
  { id: 'web', label: t.tabWeb },
  { id: 'apple', label: t.tabApple },
  { id: 'google', label: t.tabGoogle },
] as const;

/** Live previews of the card form (spec §2): the public card in its theme and both wallet passes. */
export function CardPreview(props: ThemeProps) {
  const [tab, setTab] = useState<(typeof tabs)[number]['id']>('web');
  return (
    <section className="card card-preview" aria-label={t.previewTitle}>
      <div className="tabs" role="tablist">
        {tabs.map((x) => (
          <button key={x.id} type="button" role="tab" id={`preview-tab-${x.id}`} aria-controls="preview-panel"
            aria-selected={tab === x.id} onClick={() => setTab(x.id)}>
            {x.label}
          </button>
        ))}
      </div>
      <div id="preview-panel" role="tabpanel" aria-labelledby={`preview-tab-${tab}`} className={`preview-stage preview-${tab}`}>
        {tab === 'web' && <ThemedCard {...props} />}
        {tab === 'apple' && <ApplePassPreview {...props} />}
        {tab === 'google' && <GooglePassPreview {...props} />}
      </div>
    </section>
  );
}
