import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { Sidebar } from './sidebar.tsx';
import { Header } from './header.tsx';
import { PasswordNotice } from './password-notice.tsx';
import type { LostData } from '../state/company-frame.ts';

/** Spec §9: the sidebar starts closed below 768 px and open from 768 px on. */
const WIDE = '(min-width: 768px)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/** `children` stand in for the outlet where the layout frames a page outside the session route (not-found). */
export function V2Layout({ children }: { children?: ReactNode } = {}) {
  const sessionUser = useRouteLoaderData('session') as PublicUser | undefined;
  const lost = useRouteLoaderData('lost') as LostData | null | undefined;
  const user = (sessionUser ?? lost?.user) as PublicUser;
  const wide = useWide();
  const [open, setOpen] = useState(wide);
  // Crossing the breakpoint resets the sidebar to that width's default.
  useEffect(() => setOpen(wide), [wide]);
  const closeIfNarrow = () => {
    if (!wide) setOpen(false);
  };
  return (
    <div className={`shell ${open ? 'sidebar-open' : 'sidebar-closed'}`}>
      {open && <Sidebar user={user} onNavigate={closeIfNarrow} />}
      {open && !wide && <button type="button" className="sidebar-backdrop" aria-label={msg.shell.closeNav} onClick={() => setOpen(false)} />}
      <div className="main">
        <Header user={user} navOpen={open} onToggleNav={() => setOpen((o) => !o)} />
        <main className="content">
          <PasswordNotice />
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}
