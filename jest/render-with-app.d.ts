import { type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ApiClient } from '@carebook/shared';
import { type AppContextValue } from '@carebook/shared/react';
/** An API client whose calls fail loudly unless a test replaces them. */
export declare function stubApi(overrides?: Partial<ApiClient>): ApiClient;
export declare function appContextValue(overrides?: Partial<AppContextValue>): AppContextValue;
export interface RenderWithAppOptions {
    /** Context fields to override; the rest come from {@link appContextValue}. */
    app?: Partial<AppContextValue>;
    /** Starting URL. */
    route?: string;
    /** Route pattern the element is mounted at (for params), `*` by default. */
    path?: string;
}
/**
 * The one way component tests render: a memory router and the shared context, with a
 * `Routes` so params and redirects behave as in the site. Other paths render their path as text,
 * so a test can see where a navigation went.
 */
export declare function renderWithApp(element: ReactElement, options?: RenderWithAppOptions): RenderResult & {
    app: AppContextValue;
};
