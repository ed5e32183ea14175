import { useEffect } from 'react';

/** Sets the tab title for the current page: "{title} · Feedloom". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Feedloom` : 'Feedloom';
  }, [title]);
}
