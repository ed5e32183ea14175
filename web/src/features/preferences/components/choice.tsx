// A checkbox or radio drawn as a bordered option with a title and a line of description.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Choice({
  title,
  description,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'title'> & { title: ReactNode; description?: ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border border-border p-3 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring',
        className,
      )}
    >
      <input className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none" {...input} />
      <span className="grid gap-0.5">
        <span className="font-medium">{title}</span>
        {description ? <span className="text-xs text-muted-foreground">{description}</span> : null}
      </span>
    </label>
  );
}
