// A server's refusal shown where it happened (inside a dialog), announced to assistive technology.
import type { ReactNode } from 'react';
import { AlertIcon } from '@/components/ui/icons';

export function InlineAlert({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <AlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <p className="font-semibold text-destructive">{title}</p>
        {children ? <div className="text-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
