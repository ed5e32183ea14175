// The header of a feed's or a category's page: its icon, name and what is known about it, the
// edit and Delete buttons on the right, and the page's other actions (given by the route) below.
import type { ReactNode } from 'react';
import { Button } from './button';
import { PencilIcon, TrashIcon } from './icons';

type DetailHeaderProps = {
  icon: ReactNode;
  title: string;
  /** Lines under the title (a description, a badge, a link). */
  meta: ReactNode;
  /** The edit button's word ("Edit", "Rename"). */
  editLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Under the title row: a longer description, then the page's actions. */
  details?: ReactNode;
  actions?: ReactNode;
  /** The header's dialogs. */
  children?: ReactNode;
};

export function DetailHeader({
  icon,
  title,
  meta,
  editLabel,
  onEdit,
  onDelete,
  details,
  actions,
  children,
}: DetailHeaderProps) {
  return (
    <header className="grid gap-4 border-b border-border pb-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          {icon}
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
            {meta}
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onEdit}>
            <PencilIcon /> {editLabel}
          </Button>
          <Button variant="outline" onClick={onDelete} className="text-destructive">
            <TrashIcon /> Delete
          </Button>
        </div>
      </div>
      {details}
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      {children}
    </header>
  );
}
