import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from '@carebook/shared/router';
import { ConfirmDialog, formStyles } from '@carebook/shared/forms';
import { errorMessage, MESSAGES } from '@carebook/shared';
import { getReleases, orderRelease, type ReleaseOrder, type ReleasesWindow } from '../../api/releases-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { RemoteReleasesCard } from './remote-releases';
import styles from './releases.module.css';

/** A remote's server asks the API for orders every ~10 s: the page looks again a little after. */
export const ORDER_LANDS_MS = 12_000;

interface Pending {
  remote: string;
  order: ReleaseOrder;
  canary: string;
}

const ORDER_WORDS: Record<ReleaseOrder, { title: string; confirm: string; effect: string }> = {
  promote: {
    title: 'Promote',
    confirm: 'Promote',
    effect: 'Every patient gets it on their next page load, and it becomes the live release.',
  },
  rollback: {
    title: 'Roll back',
    confirm: 'Roll back',
    effect: 'Its patients get the live release again on their next page load; it is marked rolled back.',
  },
};

/**
 * Releases: per remote, the live release and any canary (its share, stage and when the stage
 * ends), each release's page views, error rate and p75 LCP and INP over the last hour or day, as
 * charts and as a table, and Promote / Roll back for a running canary.
 */
export function ReleasesPage(): ReactNode {
  usePageTitle('Releases');
  const { api } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const window: ReleasesWindow = params.get('window') === 'day' ? 'day' : 'hour';
  const load = useCallback(() => getReleases(api, window), [api, window]);
  const { state, reload } = useResource(load);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ordered' | 'refused'; text: string } | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  async function confirmOrder(): Promise<void> {
    if (!pending) return;
    setBusy(pending.remote);
    try {
      const reply = await orderRelease(api, pending.remote, pending.order, pending.canary);
      setNotice({
        kind: 'ordered',
        text: `${reply.message} ${pending.remote}'s server carries it out at its next check, within about 10 seconds; this page looks again then.`,
      });
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void reload(), ORDER_LANDS_MS);
    } catch (error) {
      setNotice({ kind: 'refused', text: errorMessage(error, MESSAGES.unexpectedError) });
      void reload();
    } finally {
      setBusy(null);
      setPending(null);
    }
  }

  const remotes = state.data?.remotes ?? [];
  const now = new Date();
  return (
    <>
      <h1 className={styles.title}>Releases</h1>
      <div className={styles.toolbar}>
        <fieldset className={styles.window}>
          <legend>Figures over</legend>
          {(['hour', 'day'] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="window"
                value={choice}
                checked={window === choice}
                onChange={() => setParams(choice === 'hour' ? {} : { window: choice }, { replace: true })}
              />
              {choice === 'hour' ? 'Last hour' : 'Last day'}
            </label>
          ))}
        </fieldset>
        <button type="button" className={formStyles.secondary} disabled={state.status === 'loading'} onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {notice && (
        <p className={notice.kind === 'ordered' ? styles.ordered : styles.refused} role={notice.kind === 'ordered' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void reload()} />}
      {state.status === 'loading' && !state.data && <Loading label="Loading releases..." />}
      {state.data && remotes.length === 0 && (
        <Empty>No telemetry yet: no remote has reported a release, and no page has sent figures.</Empty>
      )}
      <div aria-busy={state.status === 'loading'}>
        {remotes.map((remote) => (
          <RemoteReleasesCard
            key={remote.remote}
            remote={remote}
            window={window}
            now={now}
            busy={busy === remote.remote}
            onOrder={(order) => remote.canary && setPending({ remote: remote.remote, order, canary: remote.canary.id })}
          />
        ))}
      </div>
      {pending && (
        <ConfirmDialog
          title={`${ORDER_WORDS[pending.order].title} ${pending.canary}?`}
          message={`${pending.remote}'s canary ${pending.canary}. ${ORDER_WORDS[pending.order].effect} This is recorded in the activity log.`}
          confirmLabel={ORDER_WORDS[pending.order].confirm}
          cancelLabel="Keep it running"
          busy={busy === pending.remote}
          onConfirm={() => void confirmOrder()}
          onCancel={() => setPending(null)}
          actionsLayout="wrap"
        />
      )}
    </>
  );
}
