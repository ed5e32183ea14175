import { useLocation } from 'react-router';
import { PreferencesPage } from '@/features/preferences/components/preferences-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Preferences');
  return <PreferencesPage hash={useLocation().hash} />;
}
