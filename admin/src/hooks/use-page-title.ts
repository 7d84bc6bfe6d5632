import { useEffect } from 'react';

/** Each screen names itself in the tab and to screen readers announcing the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · CareBook Clinic`;
  }, [title]);
}
