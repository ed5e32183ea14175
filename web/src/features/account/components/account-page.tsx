// /account (issue 14): the person's name, email (confirmed from the new inbox), password, reader apps' passwords, an export of their data, and deleting
// the account (the privacy policy promises access and deletion).
import type { CurrentUser } from '@contracts/auth';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { ReaderAppsSection } from './reader-apps-section';
import { StoriesSection } from './stories-section';

/** `resetLinkButton`: the auth feature's "Email me a link", composed by the route. */
export function AccountPage({ user, resetLinkButton }: { user: CurrentUser; resetLinkButton: ReactNode }) {
  return (
    <>
      <PageHeader title="Account" description="Your profile, password and data." />
      <div className="grid max-w-3xl gap-6">
        <ProfileSection user={user} />
        <StoriesSection user={user} />
        <EmailSection user={user} />
        <PasswordSection user={user} resetLinkButton={resetLinkButton} />
        <ReaderAppsSection user={user} />
        <ExportSection />
        <DeleteAccountSection user={user} />
      </div>
    </>
  );
}
