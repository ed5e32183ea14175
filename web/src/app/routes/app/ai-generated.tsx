import { AiGeneratedPage } from '@/features/ai/components/ai-generated-page';
import { ApiKeysWarning } from '@/features/preferences/components/api-keys-warning';
import { NextDelivery } from '@/features/preferences/components/next-delivery';
import { PublishToWordPressButton } from '@/features/wordpress/components/publish-dialog';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('AI Generated');
  return (
    <>
      <ApiKeysWarning />
      <AiGeneratedPage
        nextDelivery={<NextDelivery withLink />}
        renderActions={(generation) => <PublishToWordPressButton generation={generation} />}
      />
    </>
  );
}
