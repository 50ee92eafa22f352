import { useEffect, useId } from 'react';
import { addressSchema } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import { addressKeys } from './profile-values.ts';
import type { AddressValues } from './profile-values.ts';

const t = msg.profile;

/** Spec §2: one address of a profile; "Speichern" appears only once some field is filled. */
export function AddressModal({ initial, onSave, onCancel }: { initial: AddressValues; onSave: (a: AddressValues) => void; onCancel: () => void }) {
  const id = useId();
  const form = useForm({ name: 'address', initial, parse: (v: AddressValues) => addressSchema.safeParse(v) });
  const a = form.values;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const filled = addressKeys.some((k) => a[k].trim() !== '');

  // The address goes into the profile form; the profile's "Speichern" sends it.
  const save = form.onSubmit(async () => {
    onSave(a);
  });

  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{initial.adresseId ? t.editAddress : t.addAddress}</h2>
        <div className="form-grid">
          {addressKeys.map((k) => (
            <Field key={k} name={`address-${k}`} label={t.fields[k]} autoFocus={k === 'straße'} {...form.input(k)} />
          ))}
        </div>
        <div className="form-actions">
          {filled && <button type="button" className="btn btn-primary" onClick={() => void save()}>{t.save}</button>}
          <button type="button" className="btn" onClick={onCancel}>{t.cancel}</button>
        </div>
      </div>
    </div>
  );
}
