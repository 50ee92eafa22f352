import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { safeParse } from 'zod/mini';
import type { z } from 'zod/mini';
import { fieldErrorsOf } from '../../shared/schemas/common.ts';
import { msg } from '../../shared/messages.ts';
import { showError } from './toast.tsx';

export type FieldErrors = Record<string, string>;

export type Checked<T> = { data: T; errors: null } | { data: null; errors: FieldErrors };

/**
 * Validates form values with the route's shared schema before anything is sent; on failure
 * the errors go inline and the toast of spec §5 appears.
 */
export function validateForm<S extends z.core.$ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const result = safeParse(schema, values);
  if (result.success) return { data: result.data, errors: null };
  showError(msg.errors.invalidInput);
  return { data: null, errors: fieldErrorsOf(result.error) };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled input with its inline error (`aria-invalid`, `.field-error`). The error sits
 * outside the label, so the input's accessible name stays the label alone.
 */
export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error ?? hint;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={note ? noteId : undefined} {...input} />
      {error ? <span id={noteId} className="field-error">{error}</span> : hint && <span id={noteId} className="muted field-hint">{hint}</span>}
    </div>
  );
}
