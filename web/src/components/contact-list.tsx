import { emailTypes, personSocialTypes, phoneTypes } from '../../../shared/schemas/person.ts';
import { profileSocialTypes } from '../../../shared/schemas/profile.ts';
import { msg } from '../../../shared/messages.ts';
import type { FieldErrors } from '../form.tsx';

const t = msg.person.ui;

/** The types as people read them ('Mobil', 'Geschäftlich (Haupt-E-Mail)'), never the stored keys. */
const options = {
  tel: phoneTypes.map((value) => ({ value, label: msg.person.phoneTypes[value] })),
  email: emailTypes.map((value) => ({ value, label: msg.person.emailTypes[value] })),
  social: personSocialTypes.map((value) => ({ value, label: msg.person.socialTypes[value] })),
};

/** A company's social networks (profile, legacy company): two more than a person's. */
export const companySocialOptions = profileSocialTypes.map((value) => ({ value, label: msg.profile.socialTypes[value] }));

export interface ContactEntry { type: string; value: string }

interface ContactListProps {
  /** Field name in the schema (`tel`, `email`, `social`): error keys are `<name>.<i>.type|value`. */
  name: 'tel' | 'email' | 'social';
  legend: string;
  types: readonly { value: string; label: string }[];
  entries: ContactEntry[];
  onChange: (entries: ContactEntry[]) => void;
  errors: FieldErrors;
  /** Error key of the value part: `value`, or `link` for social entries. */
  valueKey: 'value' | 'link';
  inputType: 'tel' | 'email' | 'url';
  placeholder?: string;
  /** Shown but not editable (the company's directory keeps it). */
  disabled?: boolean;
}

/**
 * A card's phones, e-mails or social links (V2 card form and legacy person form). One entry per
 * type (spec §3): each row offers only free types, and "add" hides once all are used.
 */
export function ContactList({ name, legend, types, entries, onChange, errors, valueKey, inputType, placeholder, disabled }: ContactListProps) {
  const used = new Set(entries.map((e) => e.type));
  const free = types.filter((ty) => !used.has(ty.value));
  const update = (i: number, change: Partial<ContactEntry>) => onChange(entries.map((e, j) => (j === i ? { ...e, ...change } : e)));

  return (
    <fieldset className="contact-list" disabled={disabled}>
      <legend>{legend}</legend>
      {entries.map((entry, i) => {
        const typeError = errors[`${name}.${i}.type`];
        const valueError = errors[`${name}.${i}.${valueKey}`];
        const label = types.find((ty) => ty.value === entry.type)?.label ?? legend;
        return (
          <div className="contact-row" key={i}>
            <label>
              <span className="visually-hidden">{`${legend} ${i + 1}: ${t.type}`}</span>
              <select value={entry.type} aria-invalid={typeError ? true : undefined} onChange={(e) => update(i, { type: e.target.value })}>
                {types.filter((ty) => ty.value === entry.type || !used.has(ty.value)).map((ty) => (
                  <option key={ty.value} value={ty.value}>{ty.label}</option>
                ))}
              </select>
              {typeError && <span className="field-error">{typeError}</span>}
            </label>
            <label className="contact-value">
              <span className="visually-hidden">{label}</span>
              <input
                type={inputType}
                name={`${name}.${i}.${valueKey}`}
                value={entry.value}
                placeholder={placeholder}
                aria-invalid={valueError ? true : undefined}
                onChange={(e) => update(i, { value: e.target.value })}
              />
              {valueError && <span className="field-error">{valueError}</span>}
            </label>
            <button type="button" className="btn btn-link" aria-label={`${label} ${t.removeEntry}`} title={t.removeEntry}
              onClick={() => onChange(entries.filter((_, j) => j !== i))}>
              ✕
            </button>
          </div>
        );
      })}
      {free.length > 0 && (
        <button type="button" className="btn" onClick={() => onChange([...entries, { type: free[0]!.value, value: '' }])}>
          {t.addEntryFor(legend)}
        </button>
      )}
    </fieldset>
  );
}

export type ContactLists = Record<'tel' | 'email' | 'social', ContactEntry[]>;

/** A card's three contact lists, as both card forms (V2 and legacy) show them. */
export function ContactFields({ lists, errors, onChange, directoryOwned = false }: {
  lists: ContactLists;
  /** Phone numbers and e-mail addresses come from the company's directory (SCIM): shown, not editable. */
  directoryOwned?: boolean;
  errors: FieldErrors;
  onChange: (name: keyof ContactLists, list: ContactEntry[]) => void;
}) {
  return (
    <>
      <ContactList name="tel" legend={t.tel} types={options.tel} entries={lists.tel} errors={errors} valueKey="value" inputType="tel" disabled={directoryOwned}
        onChange={(list) => onChange('tel', list)} />
      <ContactList name="email" legend={t.email} types={options.email} entries={lists.email} errors={errors} valueKey="value" inputType="email" disabled={directoryOwned}
        onChange={(list) => onChange('email', list)} />
      <ContactList name="social" legend={t.social} types={options.social} entries={lists.social} errors={errors} valueKey="link" inputType="url"
        placeholder={t.linkPlaceholder} onChange={(list) => onChange('social', list)} />
    </>
  );
}
