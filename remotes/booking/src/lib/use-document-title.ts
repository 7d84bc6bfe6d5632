import { useEffect } from 'react';

/**
 * Refines the document title the host set for this route, once this screen knows more (the
 * doctor's name). The host sets its default in a layout effect, which always runs first.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
