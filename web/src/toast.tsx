import toast from 'react-hot-toast';
import { msg } from '../../shared/messages.ts';

function Titled({ title, text }: { title: string; text: string }) {
  return (
    <div className="toast-body">
      <strong>{title}</strong>
      <span>{text}</span>
    </div>
  );
}

// Toasts (spec §9). One rule keeps them from piling up: a toast's id is what it is about.
// - The same text is never shown twice at once (the id is the text).
// - With `{ form }` the toast is about that form: its next error or success replaces the standing one,
//   so a success never stands beside the error it resolved. Forms on useForm (form.tsx) pass it.
type About = { form?: string | undefined };

const idOf = (kind: string, text: string, about?: About) => (about?.form ? `form:${about.form}` : `${kind}:${text}`);

/** A server or form error, shown verbatim under the title 'Fehler' (spec §8); the page scrolls to top. */
export function showError(text: string, about?: About): void {
  toast.error(<Titled title={msg.ui.errorTitle} text={text} />, { id: idOf('error', text, about) });
  window.scrollTo({ top: 0 });
}

export function showSuccess(text: string, title?: string, about?: About): void {
  toast.success(title ? <Titled title={title} text={text} /> : text, { id: idOf('success', text, about) });
}

export function showInfo(text: string): void {
  toast(text, { id: `info:${text}` });
}
