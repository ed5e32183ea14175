import { useParams } from 'react-router';
import { CategoryPage } from '@/features/categories/components/category-page';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Category');
  const { categoryId = '' } = useParams();
  return <CategoryPage key={categoryId} categoryId={categoryId} />;
}
