// Form validation with the shared zod schemas (worker/contracts): the first message per field, keyed by
// the field's name, so each input can show its own error; `useFormSubmit` is the submit every form runs.
import { type FormEvent, useState } from 'react';
import type * as z from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validateForm<S extends z.ZodType>(schema: S, values: unknown): FormResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Reads a form's text fields into a plain object. */
export function readForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}

/** Moves focus to the first field that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLElement && 'name' in element && errors[String(element.name)]) {
      element.focus();
      return;
    }
  }
}

/**
 * A form's submit: read its fields, validate them with the schema, then either show each field's first
 * error and focus the first invalid field, or clear the errors and hand the valid data on. `toValues`
 * reshapes the fields first (a checkbox to a boolean, an empty optional field left out).
 */
export function useFormSubmit<S extends z.ZodType>(
  schema: S,
  onValid: (data: z.output<S>, form: HTMLFormElement) => void,
  toValues: (fields: Record<string, string>) => unknown = (fields) => fields,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateForm(schema, toValues(readForm(form)));
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form, result.errors);
      return;
    }
    setErrors({});
    onValid(result.data, form);
  };
  return { errors, setErrors, onSubmit };
}
