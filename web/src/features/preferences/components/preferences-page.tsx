// /preferences (spec §2): AI preferences and email settings; #email-settings scrolls to the email part.
import { useEffect } from 'react';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

export function PreferencesPage({ hash }: { hash: string }) {
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <PageHeader title="Preferences" description="How AI writes for you and how your digests reach you." />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">AI Preferences</h2>
            <CardDescription>
              Digest frequency, content types, writing style, length, language and AI model.
            </CardDescription>
          </CardHeader>
        </Card>
        <Card id="email-settings" className="scroll-mt-24">
          <CardHeader>
            <h2 className="text-lg font-semibold">Email Settings</h2>
            <CardDescription>Where your digests are delivered, their format and subject line.</CardDescription>
          </CardHeader>
        </Card>
      </div>
    </>
  );
}
