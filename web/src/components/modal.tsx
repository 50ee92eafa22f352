import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog that keeps the keyboard inside: Tab and Shift+Tab cycle through its controls,
 * Escape (and a click on the backdrop) closes it, and focus goes back to whatever had it before
 * it opened (the menu button or the row's action).
 */
export function Modal({ title, role = 'dialog', describedBy, onClose, children, initialFocus, wide }: {
  title: string;
  wide?: boolean;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
  /** CSS selector inside the dialog of the control to focus first (default: the first control). */
  initialFocus?: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = box.current!;
    const first = (initialFocus ? root.querySelector<HTMLElement>(initialFocus) : null) ?? root.querySelector<HTMLElement>(FOCUSABLE) ?? root;
    first.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!items.length) return e.preventDefault();
      const head = items[0]!;
      const tail = items.at(-1)!;
      if (e.shiftKey && (document.activeElement === head || !root.contains(document.activeElement))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (document.activeElement === tail || !root.contains(document.activeElement))) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (before && document.contains(before)) before.focus();
    };
  }, [initialFocus]);

  // In a portal: a modal opened from inside a form (the company form's tabs) holds its own form.
  return createPortal(
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className={`modal${wide ? ' modal-wide' : ''}`} role={role} aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={describedBy} tabIndex={-1}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
