// `/`: the landing page for visitors; a signed-in person goes to /home (spec §2). The check is a plain
// fetch in the loader, so the landing page needs no React Query.
import { redirect } from 'react-router';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useDocumentTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';

export async function loader() {
  if (await getCurrentUser()) return redirect(paths.home);
  return null;
}

export function Component() {
  useDocumentTitle('AI-assisted RSS reader');
  return <LandingPage />;
}
