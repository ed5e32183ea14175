// A labelled input with its hint and error wired up for assistive technology (aria-describedby,
// aria-invalid), so every form field reads the same way.
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from './input';
import { Label } from './label';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
};

export function Field({ label, error, hint, labelAside, id, ...inputProps }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A person's email address: the browser's email keyboard and autofill, and the one placeholder. */
export function EmailField({ label = 'Email', ...props }: Omit<FieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <Field label={label} name="email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}
