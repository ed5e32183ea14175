import { AiGeneratedPage } from '@/features/ai/components/ai-generated-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('AI Generated');
  return <AiGeneratedPage />;
}
