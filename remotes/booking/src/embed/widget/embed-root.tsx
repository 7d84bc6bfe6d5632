import { useEffect, type ReactNode } from 'react';
import { AppProvider, useApp } from '@carebook/shared/react';
import { SelfServiceWidget } from '../screens/self-service-widget';
import type { EmitEvent } from '../screens/widget-events';
import { NoticeArea } from './notices';
import { pageSession } from './page-session';

export interface EmbedRootProps {
  docId: string;
  apiUrl: string;
  noticeTargetId: string;
  emit: EmitEvent;
}

/** Keeps this widget's context and the page-wide session in step, both ways. */
function SessionSync(): null {
  const { token, setToken } = useApp();
  useEffect(() => pageSession.set(token), [token]);
  useEffect(() => pageSession.subscribe((next) => setToken(next)), [setToken]);
  return null;
}

/** One widget: its own context (token in memory only), the booking UI and its message area. */
export function EmbedRoot({ docId, apiUrl, noticeTargetId, emit }: EmbedRootProps): ReactNode {
  return (
    <AppProvider apiUrl={apiUrl} persistToken={false} initialToken={pageSession.token}>
      <SessionSync />
      <SelfServiceWidget docId={docId} emit={emit} />
      <NoticeArea targetId={noticeTargetId} />
    </AppProvider>
  );
}
