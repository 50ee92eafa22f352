import { useEffect, useId, useState } from 'react';
import { addressSchema } from '../../../../shared/schemas/profile.ts';
import { fieldErrorsOf } from '../../../../shared/schemas/common.ts';
import { msg } from '../../../../shared/messages.ts';
import { Field } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError } from '../../toast.tsx';
import { addressKeys } from './profile-values.ts';
import type { AddressValues } from './profile-values.ts';

const t = msg.profile;

/** Spec §2: one address of a profile; "Speichern" appears only once some field is filled. */
export function AddressModal({ initial, onSave, onCancel }: { initial: AddressValues; onSave: (a: AddressValues) => void; onCancel: () => void }) {
  const id = useId();
  const [a, setA] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const filled = addressKeys.some((k) => a[k].trim() !== '');

  function save() {
    const checked = addressSchema.safeParse(a);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error));
      return showError(msg.errors.invalidInput);
    }
    onSave(a);
  }

  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{initial.adresseId ? t.editAddress : t.addAddress}</h2>
        <div className="form-grid">
          {addressKeys.map((k) => (
            <Field key={k} name={`address-${k}`} label={t.fields[k]} value={a[k]} error={errors[k]} autoFocus={k === 'straße'}
              onChange={(e) => setA({ ...a, [k]: e.target.value })} />
          ))}
        </div>
        <div className="form-actions">
          {filled && <button type="button" className="btn btn-primary" onClick={save}>{t.save}</button>}
          <button type="button" className="btn" onClick={onCancel}>{t.cancel}</button>
        </div>
      </div>
    </div>
  );
}
