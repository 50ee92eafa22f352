// GUIDE — the one form mechanism of the back office (use it for every form):
//
//   const form = useForm({ name: 'user', initial, parse: (v) => createUserSchema.safeParse(v) });
//   const submit = form.onSubmit((body) => call(userCreate, { body }), { success: t.created, next: paths.adminUsers });
//   <form onSubmit={submit} noValidate>
//     <Field name="email" label={t.email} {...form.input('email')} />        // value, onChange, error
//     <select value={form.values.group} onChange={(e) => form.set('group', e.target.value)} />
//     {form.errors.group && <span className="field-error">{form.errors.group}</span>}
//     {form.prompt}                                                          // unsaved-changes question
//   </form>
//   (several forms on one page: no `prompt` in them, one <LeaveGuard guards={[a.guard, b.guard]} /> for the page)
//
// - `parse` is the shared zod schema of the route (shared/schemas), applied to the form values.
// - Before the first submit nothing is validated; the submit validates all fields (errors inline, the
//   toast of spec §5). From then on EVERY change re-validates, so an error goes as soon as it is fixed.
//   Only "Pflichtfeld" waits for the next submit on a field the last one did not flag: a row just
//   added (a second phone) is empty because nobody has typed yet, not because something is wrong.
// - The save function makes the call and returns its ApiResult; `onSubmit` writes it through the one
//   write path (data.tsx useWrite, same options: success toast, `next` or revalidation). A failed one
//   puts the server's fieldErrors inline (they stay until that field changes) and its message in the
//   form's toast; a later success replaces that toast (toast.tsx `{ form }`).
// - Leaving a changed, unsaved form (sidebar, back button) asks first (react-router's useBlocker);
//   a successful save does not ask.
import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../shared/schemas/common.ts';
import { msg } from '../../shared/messages.ts';
import type { ApiResult } from './api/client.ts';
import type { FieldErrors } from './form.tsx';
import { showError } from './toast.tsx';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { useWrite } from './data.tsx';
import type { WriteOptions } from './data.tsx';

export type Parsed<O> = { success: true; data: O } | { success: false; error: z.core.$ZodError };

export interface FormOptions<V, O> {
  /** Names the form's toasts (one standing toast per form). */
  name: string;
  initial: V;
  parse: (values: V) => Parsed<O>;
  /** Field errors reported only after a submit, e.g. to open the tab that holds the first one. */
  onInvalid?: (errors: FieldErrors) => void;
}

export interface Form<V, O> {
  values: V;
  errors: FieldErrors;
  busy: boolean;
  dirty: boolean;
  set: <K extends keyof V & string>(key: K, value: V[K]) => void;
  /** Replaces all values (panels that edit several fields at once); re-validates like `set`. */
  setValues: (next: V) => void;
  /** Props for a text `Field`/`input`: value, onChange, error. */
  input: (key: keyof V & string) => { value: string; error: string | undefined; onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void };
  /** Validates as a submit does (errors inline, the toast) without sending: a sub-form whose values the outer form sends. */
  check: () => O | null;
  /** The submit handler: validate, then `save` through the one write path; resolves to the call's result (null: not sent). */
  onSubmit: <T>(save: (data: O) => Promise<ApiResult<T>>, opts?: Omit<WriteOptions<T>, 'form'>) => (e?: FormEvent) => Promise<ApiResult<T> | null>;
  /** The unsaved-changes question; render it inside the form (a sub-form in a dialog leaves it out). */
  prompt: ReactNode;
  /** What the question needs to know: a page with several forms renders one `LeaveGuard` over all of theirs. */
  guard: Guard;
}

/** A form's part in the unsaved-changes question: changed, and not in the middle of a save that navigates. */
export interface Guard {
  dirty: boolean;
  leaving: RefObject<boolean>;
}

function clientErrors<V, O>(parse: (v: V) => Parsed<O>, values: V): FieldErrors {
  const r = parse(values);
  return r.success ? {} : fieldErrorsOf(r.error);
}

/** Re-validation after a submit: every error, except "Pflichtfeld" on a field the submit did not flag. */
function shownAfterSubmit(found: FieldErrors, flagged: ReadonlySet<string>): FieldErrors {
  return Object.fromEntries(Object.entries(found).filter(([key, text]) => text !== msg.validation.required || flagged.has(key)));
}

/** Server errors survive only for fields that still hold the value the server refused. */
function keptServerErrors<V>(server: FieldErrors, sent: V | null, now: V): FieldErrors {
  if (!sent) return {};
  const out: FieldErrors = {};
  for (const [key, text] of Object.entries(server)) {
    const top = key.split('.')[0] as keyof V;
    if (sent[top] === now[top]) out[key] = text;
  }
  return out;
}

/**
 * The unsaved-changes question (react-router's blocker). A component of its own, so only forms that
 * render `form.prompt` hold the router's one blocker (a dialog's sub-form inside a form does not).
 * React-router supports one blocker at a time: a page with several forms renders one of these over
 * all their guards instead of each form's `prompt`.
 */
export function LeaveGuard({ guards }: { guards: readonly Guard[] }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    guards.some((g) => g.dirty && !g.leaving.current) && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  const t = msg.backoffice;
  return (
    <ConfirmDialog title={t.unsavedTitle} text={t.unsavedText} confirmLabel={t.unsavedLeave} cancelLabel={t.unsavedStay}
      busy={false} onConfirm={() => blocker.proceed()} onCancel={() => blocker.reset()} />
  );
}

export function useForm<V, O>(opts: FormOptions<V, O>): Form<V, O> {
  const [values, setAll] = useState<V>(opts.initial);
  const [submitted, setSubmitted] = useState(false);
  /** The fields the last submit found wrong. */
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [server, setServer] = useState<{ errors: FieldErrors; sent: V | null }>({ errors: {}, sent: null });
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  const { busy, write } = useWrite();

  const setValues = (next: V) => {
    setAll(next);
    setDirty(true);
    if (submitted) setErrors({ ...keptServerErrors(server.errors, server.sent, next), ...shownAfterSubmit(clientErrors(opts.parse, next), flagged) });
  };
  const set = <K extends keyof V & string>(key: K, value: V[K]) => setValues({ ...values, [key]: value });

  const check = (): O | null => {
    setSubmitted(true);
    const parsed = opts.parse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      setFlagged(new Set(Object.keys(found)));
      setServer({ errors: {}, sent: null });
      showError(msg.errors.invalidInput, { form: opts.name });
      opts.onInvalid?.(found);
      return null;
    }
    setErrors({});
    setFlagged(new Set());
    return parsed.data;
  };

  const onSubmit = <T,>(save: (data: O) => Promise<ApiResult<T>>, writeOpts: Omit<WriteOptions<T>, 'form'> = {}) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return null;
    const data = check();
    if (data === null) return null;
    // A save that succeeds usually navigates away: that must not ask about unsaved changes.
    leaving.current = true;
    const res = await write(save(data), { ...writeOpts, form: opts.name }).finally(() => { leaving.current = false; });
    if (res.data === null) {
      const found = res.fieldErrors ?? {};
      setServer({ errors: found, sent: values });
      setErrors(found);
      setFlagged(new Set(Object.keys(found)));
      if (Object.keys(found).length) opts.onInvalid?.(found);
      return res;
    }
    setDirty(false);
    return res;
  };

  const input = (key: keyof V & string) => ({
    value: String(values[key] ?? ''),
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, e.target.value as V[typeof key]),
  });

  const guard = { dirty, leaving };
  const prompt = <LeaveGuard guards={[guard]} />;

  return { values, errors, busy, dirty, set, setValues, input, check, onSubmit, prompt, guard };
}
