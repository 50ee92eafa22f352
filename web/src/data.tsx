// GUIDE — reading and writing server data in the back office: react-router's data APIs.
//
// READ with a route loader. The screen module exports `loader` next to its component:
//
//   export async function loader({ params }: LoaderFunctionArgs) {
//     return { user: await need(call(userGet, { params: { id: params.userId! } })) };
//   }
//   export function UserForm() { const { user } = useLoaderData<typeof loader>(); ... }
//
//   and its route is declared with `screen()` (below): path, tab title, admin guard, lazy module.
// - `need()` turns a failed call into a thrown route error. ONE place shows those: <ScreenError>, the
//   error boundary around all back-office screens (router.tsx), inside the layout with a way back.
//   So no screen writes `useEffect` + `let current = true` + `showError(res.errorMessage ?? …)`.
// - Data that depends on the selected company reads it with `selectedCompanyId()` (state/selection.ts),
//   returns it with the data and calls `useFreshFor(thatId)`; selecting another company revalidates.
//
// WRITE — one path for every change (forms, deletes, duplicates): `useWrite()`.
//
//   const { write, busy } = useWrite();
//   await write(call(personDelete, { params: { id } }), { success: t.deleted });
//   await write(call(userCreate, { body }), { success: t.created, next: paths.adminUsers });
//
// - A failure shows the server's message once (toast 'Fehler'; `{ form }` ties it to a form, so the
//   form's next message replaces it) and changes nothing else.
// - A success shows `success`, then goes to `next` or re-runs the page's loaders (revalidation), the
//   layout's too (companies, balance, profiles): no screen reloads anything by hand.
// - Forms submit through useForm (use-form.tsx), whose `onSubmit(save, options)` validates with the
//   shared schema and then writes through this same path with the same options.
// Not react-router actions: a write is a typed call of the shared route table; an action would
// send its body through a Request and parse it back untyped (docs/decisions.md).
import { useState } from 'react';
import type { ComponentType } from 'react';
import { Link, Outlet, data, isRouteErrorResponse, useMatches, useNavigate, useRevalidator, useRouteError, useRouteLoaderData } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { useEffect } from 'react';
import { msg } from '../../shared/messages.ts';
import type { ApiResult } from './api/client.ts';
import type { CompanyFrame } from './state/company-frame.ts';
import { showError, showSuccess } from './toast.tsx';
import { requireAdmin } from './guards.ts';
import { paths } from './paths.ts';
import { useSelectedCompanyId } from './state/selection.ts';

const t = msg.backoffice;

/** The data of a call, or a thrown route error (status and German message) for <ScreenError>. */
export async function need<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  const res = await pending;
  if (res.data !== null) return res.data;
  throw data(res.errorMessage ?? msg.errors.generic, { status: res.statusCode || 503 });
}

let written = false;

/** `shouldRevalidate` of the layout loaders: as react-router decides, and after a write in any case. */
export function revalidateAfterWrites({ defaultShouldRevalidate }: { defaultShouldRevalidate: boolean }): boolean {
  if (!written) return defaultShouldRevalidate;
  written = false;
  return true;
}

type ScreenModule = { Component: ComponentType; loader?: (args: LoaderFunctionArgs) => unknown };

/**
 * A back-office route: its tab title (`handle.title`), an optional admin guard, and a lazy module
 * with the component and its loader. The loader runs after the guard.
 */
export function screen(path: string, title: string, load: () => Promise<ScreenModule>, opts: { admin?: boolean } = {}): RouteObject {
  return {
    path,
    handle: { title },
    loader: async (args) => {
      if (opts.admin) await requireAdmin(args);
      const mod = await load();
      return mod.loader ? mod.loader(args) : null;
    },
    lazy: async () => ({ Component: (await load()).Component }),
  };
}

/** Sets the browser tab to 'Visitenkarten – <title of the deepest route that has one>'. */
export function useTabTitle(): void {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as { title?: string } | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? t.tabTitle(title) : msg.shell.brand;
  }, [title]);
}

/**
 * For screens whose loader read the selected company: when it read another one than is selected
 * now (on the first visit the layout's loader settles the selection while the screen's loader
 * already runs), the loaders run again.
 */
export function useFreshFor(loadedFor: string | null): void {
  const selected = useSelectedCompanyId();
  const { revalidate, state } = useRevalidator();
  const stale = loadedFor !== selected && state === 'idle';
  useEffect(() => {
    if (stale) void revalidate();
  }, [stale, revalidate]);
}

/** The frame around all back-office screens (router.tsx): tab title, then the screen. */
export function Screens() {
  useTabTitle();
  // Loaders read the selected company: when the choice differs from what the V2 layout's loader
  // read (the sidebar's choice, a card form opening another company's card), they run again. A
  // state, not an event: a screen may change the choice in its first effect, before any listener
  // of this frame would be registered (children's effects run first).
  const selected = useSelectedCompanyId();
  const frame = useRouteLoaderData('v2') as CompanyFrame | undefined;
  const { revalidate, state } = useRevalidator();
  // Without companies (a failed load) the loader cannot follow the choice: no retry loop.
  const stale = frame !== undefined && frame.companies.length > 0 && frame.selectedId !== selected && state === 'idle';
  useEffect(() => {
    if (stale) void revalidate();
  }, [stale, revalidate]);
  return <Outlet />;
}

/** A page that does not exist, inside the layout, with a way back. */
export function NotFoundScreen() {
  useEffect(() => {
    document.title = t.tabTitle(t.titles.notFound);
  }, []);
  return <Problem title={msg.ui.notFound} text={t.notFoundText} />;
}

function Problem({ title, text }: { title: string; text: string }) {
  const navigate = useNavigate();
  return (
    <section className="card">
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void navigate(-1)}>{t.back}</button>
        <Link className="btn btn-primary" to={paths.visitenkarteOverview}>{t.toStart}</Link>
      </div>
    </section>
  );
}

/** Error boundary of every back-office screen: a failed load (or a bug) shown in one place. */
export function ScreenError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <Problem title={msg.ui.notFound} text={typeof error.data === 'string' ? error.data : t.notFoundText} />;
    return <Problem title={t.loadFailedTitle} text={typeof error.data === 'string' ? error.data : msg.errors.generic} />;
  }
  // An unexpected error is a bug: say so in German, keep the details for the console.
  console.error(error);
  return <Problem title={t.loadFailedTitle} text={msg.errors.generic} />;
}

export interface WriteOptions<T> {
  /** The success toast. */
  success?: string | ((data: T) => string);
  /** The form the toasts are about: its next error or success replaces the standing one (toast.tsx). */
  form?: string;
  /** After a success go here; the navigation re-runs the layout's loaders as well. */
  next?: string | ((data: T) => string);
  /** With `next`: replace the current history entry. */
  replace?: boolean;
  /**
   * Without `next`, a success re-runs the page's loaders (default). `false`: not needed (a read or
   * a download); `'always'`: also after a refusal, whose cause may be newer data (a 409).
   */
  revalidate?: boolean | 'always';
}

/** The one write path (see the guide above): failure shown once; success announced, then `next` or revalidation. */
export function useWrite(): {
  busy: boolean;
  write: <T>(pending: Promise<ApiResult<T>>, opts?: WriteOptions<T>) => Promise<ApiResult<T>>;
} {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function write<T>(pending: Promise<ApiResult<T>>, opts: WriteOptions<T> = {}) {
    setBusy(true);
    const res = await pending.finally(() => setBusy(false));
    if (res.data === null) {
      showError(res.errorMessage ?? msg.errors.generic, { form: opts.form });
      if (opts.revalidate === 'always') await revalidator.revalidate();
      return res;
    }
    const data = res.data;
    if (opts.success) showSuccess(typeof opts.success === 'string' ? opts.success : opts.success(data), undefined, { form: opts.form });
    if (opts.next !== undefined) {
      written = true;
      await navigate(typeof opts.next === 'string' ? opts.next : opts.next(data), { replace: opts.replace === true });
    } else if (opts.revalidate !== false) {
      await revalidator.revalidate();
    }
    return res;
  }
  return { busy, write };
}
