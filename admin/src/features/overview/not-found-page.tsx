import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { usePageTitle } from '../../hooks/use-page-title';

export function NotFoundPage(): ReactNode {
  usePageTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no admin screen at this address. <Link to="/">Back to the overview</Link>
      </p>
    </>
  );
}
