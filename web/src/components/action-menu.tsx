import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { msg } from '../../../shared/messages.ts';

const t = msg.backoffice;

/** One action of a row: a button (`onSelect`), a screen (`to`) or a page outside the back office (`href`). */
export type MenuAction = {
  label: string;
  danger?: boolean;
  /** Opens a new tab: the item says so. */
  newTab?: boolean;
  /** Why the action is not possible right now; the item stays in the menu, disabled, with this reason. */
  disabled?: string | null | undefined;
} & ({ onSelect: () => void } | { to: string } | { href: string });

function NewTab({ on }: { on: boolean | undefined }) {
  return on ? <span className="new-tab"> {t.newTab}</span> : null;
}

/**
 * A row's actions behind one button, so a row never needs more width than one button (spec §2
 * legacy lists: burger menu; issue 24: every list). Menu-button pattern: Enter/Space/ArrowDown
 * open it on the first item, arrows and Home/End move, Escape or Tab close it, and focus returns
 * to the button (also after choosing, unless the action moves it on). `label` names the row
 * ('Aktionen für Anna Adler').
 */
export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const [active, setActive] = useState(0);
  // Fixed to the viewport beside the button: a table's scroll container must not clip the menu.
  const [place, setPlace] = useState<CSSProperties>({});

  useEffect(() => {
    if (open) items.current[active]?.focus({ preventScroll: true });
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const root = button.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    // The menu stays where it was placed: scrolling or resizing closes it instead of leaving it behind.
    const onMove = (e: Event) => {
      if (!(e.target instanceof Node) || !button.current?.parentElement?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open]);

  const openAt = (index: number) => {
    const r = button.current!.getBoundingClientRect();
    const height = actions.length * 44 + 8;
    const right = Math.max(8, window.innerWidth - r.right);
    setPlace(r.bottom + 4 + height > window.innerHeight && r.top > height
      ? { position: 'fixed', right, bottom: window.innerHeight - r.top + 4 }
      : { position: 'fixed', right, top: r.bottom + 4 });
    setActive(index);
    setOpen(true);
  };

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const n = actions.length;
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
    else if (e.key === 'ArrowDown') { e.preventDefault(); setActive((i) => (i + 1) % n); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((i) => (i - 1 + n) % n); }
    else if (e.key === 'Home') { e.preventDefault(); setActive(0); }
    else if (e.key === 'End') { e.preventDefault(); setActive(n - 1); }
    else if (e.key === 'Tab') close(false);
  };

  const item = (a: MenuAction, i: number): ReactNode => {
    const common = {
      ref: (el: HTMLElement | null) => { items.current[i] = el; },
      role: 'menuitem',
      tabIndex: i === active ? 0 : -1,
      className: a.danger ? 'danger' : undefined,
    } as const;
    const text = <>{a.label}<NewTab on={a.newTab} /></>;
    if (a.disabled) {
      const why = `${id}-why-${i}`;
      return (
        <button key={a.label} type="button" {...common} aria-disabled="true" aria-describedby={why} onClick={(e) => e.preventDefault()}>
          {text}<small id={why} className="menu-reason">{a.disabled}</small>
        </button>
      );
    }
    if ('to' in a) return <Link key={a.label} {...common} to={a.to} onClick={() => close(false)}>{text}</Link>;
    if ('href' in a) {
      return <a key={a.label} {...common} href={a.href} target="_blank" rel="noopener noreferrer" onClick={() => close()}>{text}</a>;
    }
    return <button key={a.label} type="button" {...common} onClick={() => { close(); a.onSelect(); }}>{text}</button>;
  };

  return (
    <div className="action-menu">
      <button ref={button} type="button" className="btn btn-small action-menu-button" aria-haspopup="menu" aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined} aria-label={label}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openAt(e.key === 'ArrowUp' ? actions.length - 1 : 0);
          }
        }}>
        <span aria-hidden="true">☰</span> {t.actions}
      </button>
      {open && (
        <div id={`${id}-menu`} role="menu" aria-label={label} className="action-menu-list" style={place} onKeyDown={onMenuKey}>
          {actions.map(item)}
        </div>
      )}
    </div>
  );
}
