import { lazy, Suspense } from 'react';
import { Link, useLoaderData } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import { paths } from '../paths.ts';
import { getToken } from '../session.ts';
import type { LostData } from '../state/company-frame.ts';

// An unknown address. With a session it shows inside the V2 layout (with the navigation and a way
// back); without one it stands alone and leads to the login. Both load only what they show.
const SignedIn = lazy(async () => {
  const [{ V2Layout }, { NotFoundScreen }] = await Promise.all([import('../layout/v2-layout.tsx'), import('../data.tsx')]);
  return { default: () => <V2Layout><NotFoundScreen /></V2Layout> };
});

/** Signed in: the user and the V2 layout's frame (companies, so the sidebar shows the same links as everywhere). */
export async function lostLoader(): Promise<LostData | null> {
  if (!getToken()) return null;
  const [user, frame] = await Promise.all([
    (await import('../session-check.ts')).sessionUser(),
    (await import('../state/company-frame.ts')).loadCompanyFrame(),
  ]);
  return user ? { user, frame } : null;
}

export function LostPage() {
  const lost = useLoaderData<typeof lostLoader>();
  if (lost) return <Suspense fallback={null}><SignedIn /></Suspense>;
  return (
    <main className="center-page">
      <h1>{msg.ui.notFound}</h1>
      <p>{msg.backoffice.notFoundText}</p>
      <Link className="btn btn-primary" to={paths.home}>{msg.backoffice.toStart}</Link>
    </main>
  );
}
