// /auth/login: password sign-in, or a magic link. One form shows at a time, so each page has one
// "Email" field.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthFormScreen } from './auth-form-screen';
import { LoginForm } from './login-form';
import { MagicLinkForm } from './magic-link-form';

export function LoginScreen() {
  const [method, setMethod] = useState<'password' | 'magic-link'>('password');
  return (
    <AuthFormScreen
      title="Welcome back"
      description="Sign in to your Feedloom account."
      elsewhere={{ question: "Don't have an account?", to: paths.auth.register, link: 'Create one' }}
      alternative={
        <Button
          variant="outline"
          className="w-full"
          onClick={() => setMethod(method === 'password' ? 'magic-link' : 'password')}
        >
          {method === 'password' ? 'Email me a sign-in link' : 'Sign in with a password'}
        </Button>
      }
    >
      {method === 'password' ? <LoginForm /> : <MagicLinkForm />}
    </AuthFormScreen>
  );
}
