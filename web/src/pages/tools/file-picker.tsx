import { useId, useState } from 'react';
import { msg } from '../../../../shared/messages.ts';

const t = msg.tools.ui;

/**
 * A file choice that looks like the rest of the back office: a button (the native input lies over
 * it, invisible, so keyboard, screen readers and the browser's own dialog still work), the chosen
 * file's name and size beside it, and the whole box as a drop target.
 */
export function FilePicker({ label, accept, file, disabled, onChange }: {
  label: string; accept: string; file: File | null; disabled?: boolean; onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div className={`file-picker${over ? ' file-picker-over' : ''}`}
      onDragOver={(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => { e.preventDefault(); setOver(false); const dropped = e.dataTransfer.files[0]; if (dropped && !disabled) onChange(dropped); }}>
      <span className="file-picker-label" id={`${id}-label`}>{label}</span>
      <div className="file-picker-row">
        <label className={`btn file-button${disabled ? ' disabled' : ''}`}>
          {file ? t.pickOther : t.pickFile}
          <input type="file" accept={accept} disabled={disabled} aria-labelledby={`${id}-label`} aria-describedby={`${id}-name`}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
        </label>
        <span id={`${id}-name`} className={file ? 'file-picker-name' : 'muted'} data-testid="file-name">
          {file ? t.fileInfo(file.name, Math.max(1, Math.round(file.size / 1024))) : `${t.noFile} – ${t.dropHint}`}
        </span>
      </div>
    </div>
  );
}
