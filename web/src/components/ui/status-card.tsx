// The one-message cards of the link pages (invalid link, verification failed, success).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertIcon, CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

export type StatusCardProps = {
  tone: 'success' | 'error';
  title: string;
  description: ReactNode;
  /** A button-looking link; `onClick` runs before the navigation. */
  action?: { label: string; to: string; onClick?: () => void };
};

export function StatusCard({ tone, title, description, action }: StatusCardProps) {
  const Icon = tone === 'success' ? CheckIcon : AlertIcon;
  return (
    <>
      <CardHeader className="items-center text-center">
        <span
          className={cn(
            'mb-2 grid size-12 place-items-center rounded-full',
            tone === 'success' ? 'bg-success/15 text-success' : 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon className="size-6" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {action ? (
        <CardFooter>
          <Link to={action.to} onClick={action.onClick} className={buttonClasses({ className: 'w-full' })}>
            {action.label}
          </Link>
        </CardFooter>
      ) : null}
    </>
  );
}
