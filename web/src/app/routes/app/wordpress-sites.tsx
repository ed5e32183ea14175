import { WordpressSitesPage } from '@/features/wordpress/components/wordpress-sites-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('WordPress Sites');
  return <WordpressSitesPage />;
}
