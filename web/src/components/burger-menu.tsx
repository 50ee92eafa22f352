import { useEffect, useId, useRef, useState } from 'react';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A row's actions behind one button (spec §2 legacy lists: burger menu). Menu-button pattern:
 * Enter/Space/ArrowDown open it on the first item, arrows and Home/End move, Escape or Tab close
 * it, and focus returns to the button (also after choosing, unless the action moves it on).
 */
export function BurgerMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const root = button.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const n = actions.length;
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
    else if (e.key === 'ArrowDown') { e.preventDefault(); setActive((i) => (i + 1) % n); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((i) => (i - 1 + n) % n); }
    else if (e.key === 'Home') { e.preventDefault(); setActive(0); }
    else if (e.key === 'End') { e.preventDefault(); setActive(n - 1); }
    else if (e.key === 'Tab') close(false);
  };

  return (
    <div className="burger">
      <button ref={button} type="button" className="btn btn-small burger-button" aria-haspopup="menu" aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined} aria-label={label}
        onClick={() => { setActive(0); setOpen((o) => !o); }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive(e.key === 'ArrowUp' ? actions.length - 1 : 0);
            setOpen(true);
          }
        }}>
        <span aria-hidden="true">☰</span>
      </button>
      {open && (
        <div id={`${id}-menu`} role="menu" aria-label={label} className="burger-menu" onKeyDown={onMenuKey}>
          {actions.map((a, i) => (
            <button key={a.label} ref={(el) => { items.current[i] = el; }} type="button" role="menuitem"
              tabIndex={i === active ? 0 : -1} className={a.danger ? 'danger' : undefined}
              onClick={() => { close(); a.onSelect(); }}>
              {a.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
