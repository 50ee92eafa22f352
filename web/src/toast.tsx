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

/** A server or form error, shown verbatim under the title 'Fehler' (spec §8); the page scrolls to top. */
export function showError(text: string): void {
  toast.error(<Titled title={msg.ui.errorTitle} text={text} />);
  window.scrollTo({ top: 0 });
}

export function showSuccess(text: string, title?: string): void {
  toast.success(title ? <Titled title={title} text={text} /> : text);
}

export function showInfo(text: string): void {
  toast(text);
}
