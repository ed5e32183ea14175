// /auth/login: password sign-in, or a magic link. One form shows at a time, so each page has one
// "Email" field.
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthShell, textLinkClasses } from '@/components/layouts/auth-shell';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { LoginForm } from './login-form';
import { MagicLinkForm } from './magic-link-form';

export function LoginScreen() {
  const [method, setMethod] = useState<'password' | 'magic-link'>('password');
  return (
    <AuthShell
      footer={
        <>
          Don't have an account?{' '}
          <Link to={paths.auth.register} className={textLinkClasses}>
            Create one
          </Link>
        </>
      }
    >
      <CardHeader>
        <CardTitle>Welcome back</CardTitle>
        <CardDescription>Sign in to your Feedloom account.</CardDescription>
      </CardHeader>
      <CardContent>{method === 'password' ? <LoginForm /> : <MagicLinkForm />}</CardContent>
      <CardFooter className="flex-col gap-3">
        <div className="flex w-full items-center gap-3 text-xs text-muted-foreground uppercase">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <Button
          variant="outline"
          className="w-full"
          onClick={() => setMethod(method === 'password' ? 'magic-link' : 'password')}
        >
          {method === 'password' ? 'Email me a sign-in link' : 'Sign in with a password'}
        </Button>
      </CardFooter>
    </AuthShell>
  );
}
