import { useLocation } from 'react-router';
import { ApiKeysWarning } from '@/features/preferences/components/api-keys-warning';
import { PreferencesPage } from '@/features/preferences/components/preferences-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Preferences');
  return (
    <>
      <ApiKeysWarning />
      <PreferencesPage hash={useLocation().hash} />
    </>
  );
}
