// /preferences (spec §2): AI preferences with the next delivery, the email settings at #email-settings
// (the page scrolls there when the address has that hash), and "Send me a digest now".
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '../api/get-preferences';
import { AiPreferencesForm } from './ai-preferences-form';
import { DigestNowButton } from './digest-now-button';
import { EmailSettingsForm } from './email-settings-form';
import { NextDelivery } from './next-delivery';

function FormSkeleton() {
  return (
    <CardContent className="grid gap-4">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-24" />
    </CardContent>
  );
}

export function PreferencesPage({ hash }: { hash: string }) {
  const preferences = usePreferences();
  const loaded = preferences.data !== undefined;

  // The sections only have their height once the data is in, so scroll after that.
  useEffect(() => {
    if (hash && loaded) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  if (preferences.isError) {
    return (
      <>
        <PageHeader title="Preferences" />
        <EmptyState
          icon={<AlertIcon />}
          title="Could not load your preferences"
          description="Check your connection and try again."
          action={<Button onClick={() => preferences.refetch()}>Try again</Button>}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Preferences" description="How AI writes for you and how your digests reach you." />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">AI Preferences</h2>
            <CardDescription>
              What your scheduled digests contain, how they read, and which model writes them.
            </CardDescription>
            <p className="text-sm">
              <NextDelivery />
            </p>
          </CardHeader>
          {preferences.data ? (
            <CardContent>
              <AiPreferencesForm preferences={preferences.data} />
            </CardContent>
          ) : (
            <FormSkeleton />
          )}
        </Card>

        <Card id="email-settings" className="scroll-mt-20">
          <CardHeader>
            <h2 className="text-lg font-semibold">Email Settings</h2>
            <CardDescription>Where your digests are delivered, their format and subject line.</CardDescription>
          </CardHeader>
          {preferences.data ? (
            <CardContent>
              <EmailSettingsForm preferences={preferences.data} />
            </CardContent>
          ) : (
            <FormSkeleton />
          )}
        </Card>

        <Card>
          <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1.5">
              <h2 className="text-lg font-semibold">Digest on demand</h2>
              <CardDescription>
                Build a digest from your latest items now and email it to you. Up to 3 a day.
              </CardDescription>
            </div>
            <DigestNowButton />
          </CardHeader>
        </Card>
      </div>
    </>
  );
}
