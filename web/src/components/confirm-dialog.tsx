import { useId } from 'react';
import { Modal } from './modal.tsx';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal yes/no question (e.g. a delete confirmation) in the one Modal: focus trapped inside and
 * returned afterwards, Escape cancels. Focus starts on "cancel", so Enter never deletes by accident.
 */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Modal title={title} role="alertdialog" describedBy={`${id}-text`} onClose={onCancel} initialFocus="[data-cancel]">
      <p id={`${id}-text`}>{text}</p>
      <div className="form-actions">
        <button type="button" className="btn" data-cancel onClick={onCancel}>{cancelLabel}</button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </Modal>
  );
}
