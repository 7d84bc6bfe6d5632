import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReleaseHealth, ReleasesWindow } from '../../api/releases-api';
import { clockTime, minuteRows, releaseLabel, type MinuteFigure } from './release-figures';
import styles from './releases.module.css';

/** Colours that read on white and apart from each other (live blue, canary orange, earlier grey). */
const COLOURS: Record<ReleaseHealth['role'], string> = { live: '#2453c7', canary: '#b45309', earlier: '#6b7280' };
const DASHES: Record<ReleaseHealth['role'], string | undefined> = { live: undefined, canary: '6 3', earlier: '2 3' };

const CHART_HEIGHT = 220;

interface ChartsProps {
  remote: string;
  releases: readonly ReleaseHealth[];
  window: ReleasesWindow;
}

function MinutesChart({ title, releases, figure, unit }: { title: string; releases: readonly ReleaseHealth[]; figure: MinuteFigure; unit: string }): ReactNode {
  const rows = minuteRows(releases, figure);
  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <LineChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} title={title} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#d5dbe7" strokeDasharray="3 3" />
        <XAxis dataKey="minute" tickFormatter={(minute: string) => clockTime(minute)} minTickGap={24} />
        <YAxis unit={unit} width={44} allowDecimals={figure !== 'views'} />
        <Tooltip labelFormatter={(minute) => clockTime(String(minute))} />
        <Legend />
        {releases.map((release) => (
          <Line
            key={release.release}
            type="monotone"
            dataKey={release.release}
            name={releaseLabel(release)}
            stroke={COLOURS[release.role]}
            strokeDasharray={DASHES[release.role]}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
}

/** What an empty vitals chart says: pages report LCP and INP only as patients load and use them. */
const NO_VITALS: Record<'lcpP75' | 'inpP75', string> = {
  lcpP75: 'None yet: no page of these releases has reported its largest paint in this window.',
  inpP75: 'None yet: no page of these releases has reported a tap or key press in this window.',
};

function VitalChart({ title, releases, figure }: { title: string; releases: readonly ReleaseHealth[]; figure: 'lcpP75' | 'inpP75' }): ReactNode {
  // The axis names each bar by its role (the release ids are long); the tooltip and the table give the ids.
  const rows = releases.map((release) => ({ name: release.role === 'earlier' ? release.release : release.role, release: releaseLabel(release), value: release[figure] }));
  if (rows.every((row) => row.value === null)) {
    return (
      <figure className={styles.chart}>
        <figcaption>{title}</figcaption>
        <p className={styles.chartEmpty}>{NO_VITALS[figure]}</p>
      </figure>
    );
  }
  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <BarChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={rows} title={title} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#d5dbe7" strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis width={48} />
        <Tooltip labelFormatter={(_name, payload) => String(payload[0]?.payload?.release ?? '')} formatter={(value) => [`${String(value)} ms`, title]} />
        <Bar dataKey="value" name={title} isAnimationActive={false}>
          {releases.map((release) => (
            <Cell key={release.release} fill={COLOURS[release.role]} />
          ))}
        </Bar>
      </BarChart>
    </figure>
  );
}

/**
 * A remote's releases over the window as charts (recharts, with its keyboard and screen-reader
 * layer): page views and error rate per minute, one line per release, and p75 LCP and p75 INP per
 * release. The table beside them holds the same figures.
 */
export function ReleaseCharts({ remote, releases, window }: ChartsProps): ReactNode {
  const over = window === 'hour' ? 'the last hour' : 'the last day';
  return (
    <div className={styles.charts} aria-label={`Charts of ${remote} over ${over}`} role="group">
      <MinutesChart title="Page views per minute" releases={releases} figure="views" unit="" />
      <MinutesChart title="Error rate per minute (%)" releases={releases} figure="errorRate" unit="%" />
      <VitalChart title="p75 LCP per release (ms)" releases={releases} figure="lcpP75" />
      <VitalChart title="p75 INP per release (ms)" releases={releases} figure="inpP75" />
    </div>
  );
}
