import { WordpressSitesPage } from '@/features/wordpress/components/wordpress-sites-page';
import { useDocumentTitle } from '@/lib/document-title';
import { useSignedInUser } from '../../layout/signed-in-user';

export function Component() {
  useDocumentTitle('WordPress Sites');
  return <WordpressSitesPage plan={useSignedInUser().plan} />;
}
