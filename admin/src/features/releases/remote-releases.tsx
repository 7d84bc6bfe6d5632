import type { ReactNode } from 'react';
import { formStyles } from '@carebook/shared/forms';
import type { RemoteReleases, ReleaseOrder, ReleasesWindow } from '../../api/releases-api';
import { ReleaseCharts } from './release-charts';
import { clockTime, describeCanary, formatMs, formatRate, releaseLabel, shownReleases } from './release-figures';
import styles from './releases.module.css';

interface Props {
  remote: RemoteReleases;
  window: ReleasesWindow;
  now: Date;
  /** An order for this remote's canary is on its way: its buttons wait. */
  busy: boolean;
  onOrder: (order: ReleaseOrder) => void;
}

const ORDER_NAMES = { withdraw: 'Withdrawal', promote: 'Promotion', rollback: 'Rollback' } as const;

/** One remote: its live release, any canary with Promote and Roll back, and each release's figures. */
export function RemoteReleasesCard({ remote, window, now, busy, onOrder }: Props): ReactNode {
  const releases = shownReleases(remote.releases);
  const withViews = releases.some((release) => release.views > 0);
  const headingId = `remote-${remote.remote}`;
  return (
    <section className={styles.remote} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.remoteName}>
        {remote.remote}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Live release</dt>
          <dd>{remote.live ?? 'not known yet'}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {remote.canary ? (
              <>
                <strong>{remote.canary.id}</strong>: {describeCanary(remote.canary, now)}
                {remote.canary.contact && <span className={styles.muted}> Contact: {remote.canary.contact}.</span>}
              </>
            ) : (
              'none running'
            )}
          </dd>
        </div>
        {remote.canary && remote.rule && (
          <div>
            <dt>The rule says</dt>
            <dd>{remote.rule.summary}</dd>
          </div>
        )}
        {remote.order && remote.order.action !== 'none' && (
          <div>
            <dt>Waiting to be carried out</dt>
            <dd>
              {ORDER_NAMES[remote.order.action]} of {remote.order.canary} ({remote.order.by === 'rule' ? 'by the rule' : 'by staff'}, at{' '}
              {clockTime(remote.order.orderedAt)}): at the remote server's next check.
            </dd>
          </div>
        )}
        <div>
          <dt>Last report from its server</dt>
          <dd>{remote.reportedAt ? clockTime(remote.reportedAt) : 'never'}</dd>
        </div>
      </dl>
      {remote.canary && (
        <p className={styles.orders}>
          <button type="button" className={formStyles.primary} disabled={busy} onClick={() => onOrder('promote')}>
            Promote {remote.canary.id}
          </button>
          <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onOrder('rollback')}>
            Roll back {remote.canary.id}
          </button>
        </p>
      )}
      {withViews ? (
        <>
          <ReleaseCharts remote={remote.remote} releases={releases} window={window} />
          <h3 id={`${headingId}-table`} className={styles.tableTitle}>
            {remote.remote} per release over the last {window}
          </h3>
          {/* Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too. */}
          <div className={styles.tableWrap} role="region" aria-labelledby={`${headingId}-table`} tabIndex={0}>
            <table className={styles.table} aria-labelledby={`${headingId}-table`}>
              <thead>
                <tr>
                  <th scope="col">Release</th>
                  <th scope="col">Page views</th>
                  <th scope="col">With an error</th>
                  <th scope="col">Error rate</th>
                  <th scope="col">p75 LCP</th>
                  <th scope="col">p75 INP</th>
                </tr>
              </thead>
              <tbody>
                {releases.map((release) => (
                  <tr key={release.release}>
                    <th scope="row">{releaseLabel(release)}</th>
                    <td>{release.views}</td>
                    <td>{release.errorViews}</td>
                    <td>{formatRate(release.errorRate)}</td>
                    <td>{formatMs(release.lcpP75)}</td>
                    <td>{formatMs(release.inpP75)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className={styles.noTelemetry}>No telemetry yet for {remote.remote} over the last {window}.</p>
      )}
    </section>
  );
}
