import { Link } from 'react-router';
import { AuthShell } from '@/components/layouts/auth-shell';
import { buttonClasses } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';

export function AuthWelcome() {
  return (
    <AuthShell>
      <CardHeader className="text-center">
        <CardTitle>Welcome to Feedloom</CardTitle>
        <CardDescription>
          Collect your RSS and Atom feeds in one place and let AI turn them into summaries, rewrites and digests.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Link to={paths.auth.login} className={buttonClasses({ size: 'lg' })}>
          Sign In
        </Link>
        <Link to={paths.auth.register} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Create Account
        </Link>
      </CardContent>
    </AuthShell>
  );
}
