// /privacy (spec §2): last updated May 13, 2025; what is collected, the extension, third parties, rights.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicTopBar } from '@/components/layouts/public-top-bar';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/lib/paths';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold text-foreground">{title}</h2>
      {children}
    </section>
  );
}

function List({ items }: { items: Array<[string, string]> }) {
  return (
    <ul className="grid list-disc gap-2 pl-5">
      {items.map(([term, text]) => (
        <li key={term}>
          <strong className="font-semibold text-foreground">{term}:</strong> {text}
        </li>
      ))}
    </ul>
  );
}

/** `signedOut`: the spec's signed-out top bar (title, Login); signed in, the logo alone. */
export function PrivacyPolicy({ signedOut }: { signedOut: boolean }) {
  return (
    <div className="min-h-dvh">
      {signedOut ? (
        <PublicTopBar />
      ) : (
        <header className="border-b border-border">
          <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
            <Logo />
          </div>
        </header>
      )}
      <main className="mx-auto grid max-w-3xl gap-8 px-4 py-10 leading-relaxed text-muted-foreground">
        <div className="grid gap-3">
          <Link
            to={paths.landing}
            className="inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon /> Back to Home
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">Privacy Policy</h1>
          <p className="text-sm">Last updated: May 13, 2025</p>
          <p>
            This policy explains what Feedloom collects when you use the web application and the browser extension, why,
            who else handles it, and the choices you have.
          </p>
        </div>

        <Section title="Information we collect">
          <List
            items={[
              ['Account information', 'your name, email address and password (stored only as a secure hash).'],
              ['Feed URLs', 'the addresses of the feeds you add, with the names and categories you give them.'],
              ['Preferences', 'your AI, language, digest and email delivery settings.'],
              ['Usage data', 'pages viewed, features used and credits spent, to run and improve the service.'],
            ]}
          />
        </Section>

        <Section title="The browser extension">
          <p>
            The Feedloom browser extension collects no personal data. It looks for feeds on the page you are viewing
            and, when you choose to, opens Feedloom with the feed address filled in. Nothing is sent anywhere until you
            add the feed yourself.
          </p>
        </Section>

        <Section title="How we use your information">
          <p>
            We use it to provide the service: to fetch your feeds, generate the AI content you ask for, send your
            digests and account emails, keep your account secure, and process payments. We do not sell your data.
          </p>
        </Section>

        <Section title="Third parties">
          <p>We share only what each service needs to do its job:</p>
          <List
            items={[
              ['Card payment processor', 'handles subscription payments; we never see or store your card number.'],
              ['Email providers', 'deliver account emails and your digests.'],
              ['Analytics', 'counts page views so we can understand how the product is used.'],
            ]}
          />
        </Section>

        <Section title="Your rights">
          <p>You can ask us at any time to:</p>
          <List
            items={[
              ['Access', 'get a copy of the personal data we hold about you.'],
              ['Correct', 'fix information that is wrong or incomplete.'],
              ['Delete', 'erase your account and the data that belongs to it.'],
              ['Restrict', 'limit how we process your data.'],
            ]}
          />
        </Section>

        <Section title="Contact">
          <p>For any question about this policy or your data, contact us from the email address of your account.</p>
        </Section>
      </main>
    </div>
  );
}
