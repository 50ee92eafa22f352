import { msg } from '../../../shared/messages.ts';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

interface ColorFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  /** What the picker shows while the text is not a full #rrggbb colour. */
  fallback?: string;
  placeholder?: string | undefined;
  onChange: (value: string) => void;
}

/** A colour as text (what is saved) beside the browser's colour picker. */
export function ColorField({ name, label, value, error, fallback = '#000000', placeholder, onChange }: ColorFieldProps) {
  return (
    <label>
      {label}
      <span className="color-field">
        <input type="color" aria-label={`${label} (${msg.ui.colorPicker})`} value={HEX6.test(value) ? value : fallback} onChange={(e) => onChange(e.target.value)} />
        <input name={name} value={value} placeholder={placeholder} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      </span>
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
