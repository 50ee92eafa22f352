import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';

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
    const height = actions.length * 40 + 8;
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

  return (
    <div className="burger">
      <button ref={button} type="button" className="btn btn-small burger-button" aria-haspopup="menu" aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined} aria-label={label}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openAt(e.key === 'ArrowUp' ? actions.length - 1 : 0);
          }
        }}>
        <span aria-hidden="true">☰</span>
      </button>
      {open && (
        <div id={`${id}-menu`} role="menu" aria-label={label} className="burger-menu" style={place} onKeyDown={onMenuKey}>
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
