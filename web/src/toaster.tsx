import { useEffect, useRef } from 'react';
import { resolveValue, useToaster } from 'react-hot-toast';
import type { Toast } from 'react-hot-toast';

// Spec §9: bottom-right, 5000 ms, +1000 ms on hover, fade in 300 ms, fade out 1000 ms.
const DURATION_MS = 5000;
const HOVER_EXTRA_MS = 1000;
/** How long a dismissed toast stays in the DOM: exactly its fade-out. */
const FADE_OUT_MS = 1000;

function Icon({ type }: { type: Toast['type'] }) {
  if (type === 'success') return <span className="toast-icon toast-icon-success" aria-hidden="true">✓</span>;
  if (type === 'error') return <span className="toast-icon toast-icon-error" aria-hidden="true">!</span>;
  return null;
}

/**
 * react-hot-toast's store rendered by hand: its built-in Toaster has fixed animations and
 * resumes the countdown the moment the mouse leaves. Here the pause ends 1000 ms after the
 * mouse leaves, so a hovered toast always stays at least that long afterwards.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster({ duration: DURATION_MS, removeDelay: FADE_OUT_MS });
  const resume = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const endPause = useRef(handlers.endPause);
  endPause.current = handlers.endPause;
  useEffect(() => () => clearTimeout(resume.current), []);

  const onEnter = () => {
    clearTimeout(resume.current);
    handlers.startPause();
  };
  const onLeave = () => {
    clearTimeout(resume.current);
    resume.current = setTimeout(() => endPause.current(), HOVER_EXTRA_MS);
  };

  return (
    <div className="toaster" onMouseEnter={onEnter} onMouseLeave={onLeave}>
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.type} ${t.visible ? 'toast-in' : 'toast-out'}`} {...t.ariaProps}>
          <Icon type={t.type} />
          <div className="toast-message">{resolveValue(t.message, t)}</div>
        </div>
      ))}
    </div>
  );
}
