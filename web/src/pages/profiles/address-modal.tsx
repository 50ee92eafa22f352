import { addressSchema } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import { Modal } from '../../components/modal.tsx';
import { addressKeys } from './profile-values.ts';
import type { AddressValues } from './profile-values.ts';

const t = msg.profile;

/** Spec §2: one address of a profile; "Speichern" appears only once some field is filled. */
export function AddressModal({ initial, onSave, onCancel }: { initial: AddressValues; onSave: (a: AddressValues) => void; onCancel: () => void }) {
  const form = useForm({ name: 'address', initial, parse: (v: AddressValues) => addressSchema.safeParse(v) });
  const a = form.values;
  const filled = addressKeys.some((k) => a[k].trim() !== '');

  // The address goes into the profile form; the profile's "Speichern" sends it.
  const save = () => {
    if (form.check()) onSave(a);
  };

  return (
    <Modal title={initial.adresseId ? t.editAddress : t.addAddress} onClose={onCancel}>
      <div className="form-grid">
        {addressKeys.map((k) => <Field key={k} name={`address-${k}`} label={t.fields[k]} {...form.input(k)} />)}
      </div>
      <div className="form-actions">
        {filled && <button type="button" className="btn btn-primary" onClick={save}>{t.save}</button>}
        <button type="button" className="btn" onClick={onCancel}>{t.cancel}</button>
      </div>
    </Modal>
  );
}
