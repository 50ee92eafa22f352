import { useId } from 'react';
import type { ReactNode } from 'react';

export interface TabDef<T extends string> {
  id: T;
  label: string;
  panel: ReactNode;
  /** Marks a tab whose panel holds a field with an error. */
  invalid?: boolean;
}

/** Tabs with their panels (ARIA tablist); only the chosen panel is rendered. */
export function Tabs<T extends string>({ label, tabs, value, onChange, className }: {
  label: string;
  tabs: TabDef<T>[];
  value: T;
  onChange: (id: T) => void;
  className?: string;
}) {
  const id = useId();
  const active = tabs.find((tab) => tab.id === value) ?? tabs[0]!;
  return (
    <div className={className}>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button key={tab.id} type="button" role="tab" id={`${id}-${tab.id}`} aria-selected={tab.id === active.id}
            aria-controls={`${id}-panel`} className={tab.invalid ? 'tab-invalid' : undefined} onClick={() => onChange(tab.id)}>
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active.id}`}>
        {active.panel}
      </div>
    </div>
  );
}
