// The auth pages that hold a form (sign in, register, forgot password, choose a password): a title and a
// line under it, the form, optionally a second way in below an "or" rule, and under the card a question
// with its link ("Already have an account? Sign in").
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthShell, textLinkClasses } from '@/components/layouts/auth-shell';
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

type AuthFormScreenProps = {
  title: string;
  description: string;
  /** The line under the card: "{question} {link}". */
  elsewhere: { question: string; to: string; link: string };
  /** The other way in, shown under an "or" rule. */
  alternative?: ReactNode;
  children: ReactNode;
};

export function AuthFormScreen({ title, description, elsewhere, alternative, children }: AuthFormScreenProps) {
  return (
    <AuthShell
      footer={
        <>
          {elsewhere.question}{' '}
          <Link to={elsewhere.to} className={textLinkClasses}>
            {elsewhere.link}
          </Link>
        </>
      }
    >
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      {alternative ? (
        <CardFooter className="flex-col gap-3">
          <div className="flex w-full items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {alternative}
        </CardFooter>
      ) : null}
    </AuthShell>
  );
}
