// A modal built on the native <dialog>: showModal() gives the focus trap, the inert background and
// Escape for free; this adds the controlled `open` prop, a title/description wiring and a close button.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { XIcon } from './icons';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** Opens a <dialog> as a modal while `open` (showModal: focus trap, inert page, Escape) and closes it after. */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const descriptionId = useId();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape is the native keyboard equivalent
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; clicks inside land on its children.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-border bg-card p-0 text-foreground shadow-xl backdrop:bg-black/50',
        className,
      )}
    >
      {open ? (
        <div className="relative grid gap-4 p-6">
          <div className="grid gap-1.5 pr-8">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </div>
          {children}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <XIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}

type DialogActionsProps = {
  onCancel: () => void;
  /** While the dialog's request runs, Cancel waits for it. */
  cancelDisabled?: boolean;
  /** A secondary action on the far left (on a phone, under Cancel). */
  aside?: ReactNode;
  /** The dialog's own action(s), right of Cancel. */
  children: ReactNode;
};

/** A dialog's buttons: Cancel, then its action; stacked on a phone with the action on top. */
export function DialogActions({ onCancel, cancelDisabled, aside, children }: DialogActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {aside ? <div className="sm:mr-auto">{aside}</div> : null}
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
