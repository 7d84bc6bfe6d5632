import type { FastifyRequest } from 'fastify';
import {
  type CanaryAssessment,
  CANARY_WINDOW,
  type CanaryJudgement,
  type CanaryMinute,
  type CanaryRuleReport,
  type CanaryState,
  assessCanary,
  type ReleaseOrder,
} from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../lib/http-error';
import { canaryWithdrawnMail } from '../lib/mail-templates';
import { enqueueMail } from '../repositories/mail-outbox-repository';
import { countsSince, minuteCountsSince, minuteOf, type Telemetry } from './telemetry';

/**
 * The API's side of a canary (issue 42): each remote's own server reports its live release and
 * running canary every ~10 s (`check`), the API keeps what it reported (`release_watch`), judges
 * the canary by the rule (shared/src/domain/canary-rule.ts) on the telemetry, and answers an
 * order the server carries out on its store:
 * - `withdraw` when the rule fires over its window (the shortest span of the last 2 to 10 whole
 *   minutes with 30 page views a side, never before the canary started), or over the canary's whole
 *   life when even that window has too few views;
 * - `promote` (by the rule) when the plan's time is up (`holding`), the canary was seen enough
 *   since it started (at least 30 page views a side) and the rule fires neither over the window
 *   nor since the start; if it fires since the start, `withdraw`; with too few views it keeps holding
 *   (`assessCanary` in shared/src/domain/canary-rule.ts);
 * - a staff order (`promote`/`rollback`), kept until carried out. A withdrawal beats any other order.
 * An order stays until the server reports that canary ended. Every order is in the audit trail with
 * its figures, written in the same transaction as the order; a withdrawal also emails the canary's
 * contact (once per canary: the outbox's dedupe key).
 */
const MINUTE_MS = 60_000;

interface WatchRow {
  remote: string;
  live: string | null;
  canary: string | null;
  reported_at: Date | string;
  order_action: 'withdraw' | 'promote' | 'rollback' | null;
  order_canary: string | null;
  order_by: string | null;
  order_note: string | null;
  ordered_at: Date | string | null;
}

export interface RemoteWatch {
  remote: string;
  live: string | null;
  canary: CanaryState | null;
  reportedAt: string;
  order: ReleaseOrder;
}

export interface CheckReport {
  live: string | null;
  canary: CanaryState | null;
}

function canaryOf(text: string | null): CanaryState | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as CanaryState;
  } catch {
    return null;
  }
}

function orderOf(row: WatchRow | undefined): ReleaseOrder {
  if (!row?.order_action || !row.order_canary) return { action: 'none' };
  const base = { canary: row.order_canary, note: row.order_note ?? '', orderedAt: new Date(row.ordered_at ?? row.reported_at).toISOString() };
  if (row.order_action === 'withdraw') return { action: 'withdraw', by: 'rule', ...base };
  if (row.order_action === 'rollback') return { action: 'rollback', by: 'staff', ...base };
  return { action: 'promote', by: row.order_by === 'rule' ? 'rule' : 'staff', ...base };
}

function toWatch(row: WatchRow): RemoteWatch {
  return { remote: row.remote, live: row.live, canary: canaryOf(row.canary), reportedAt: new Date(row.reported_at).toISOString(), order: orderOf(row) };
}

const side = (release: string, figures: CanaryJudgement['canary']) => ({ release, ...figures });

export interface ReleaseWatch {
  /** Keeps a remote server's report and answers its order (see above). */
  check(request: FastifyRequest, remote: string, report: CheckReport): Promise<{ order: ReleaseOrder; rule: CanaryRuleReport | null }>;
  /** A staff order for the running canary `canary` of `remote`: 409 unless it is the one running. */
  order(request: FastifyRequest, remote: string, action: 'promote' | 'rollback', canary: string): Promise<ReleaseOrder>;
  /** Every remote's last report. */
  all(): Promise<RemoteWatch[]>;
  /** The rule's figures for a remote's running canary now (null: none reported). */
  judge(remote: string, watch: Pick<RemoteWatch, 'live' | 'canary'>): Promise<CanaryRuleReport | null>;
}

/** Records an entry on the audit trail in the caller's transaction (`plugins/audit.ts`'s `audit.within`). */
export type AuditWithin = (
  tx: Queryable,
  request: FastifyRequest,
  action: string,
  target: { type: string; id: string },
  changes: Record<string, unknown>,
) => Promise<void>;

export function createReleaseWatch(options: { db: Db; now: () => Date; audit: { within: AuditWithin }; telemetry: Telemetry }): ReleaseWatch {
  const { db, now, audit, telemetry } = options;

  /** The rule's assessment of a running canary now (null: no canary or no live release). */
  const assess = async (remote: string, watch: Pick<RemoteWatch, 'live' | 'canary'>): Promise<{ report: CanaryRuleReport; assessment: CanaryAssessment } | null> => {
    const { canary, live } = watch;
    if (!canary || !live) return null;
    await telemetry.flush();
    const to = now();
    const startedAt = new Date(canary.startedAt).getTime();
    const zero = { views: 0, errorViews: 0 };
    const from = new Date(Math.max(minuteOf(to).getTime() - (CANARY_WINDOW.maxMinutes - 1) * MINUTE_MS, minuteOf(new Date(startedAt)).getTime()));
    const perMinute = await minuteCountsSince(db, remote, [canary.id, live], from);
    const recent: CanaryMinute[] = perMinute.map((row) => ({
      minute: row.minute.getTime(),
      canary: row.release === canary.id ? row : zero,
      live: row.release === live ? row : zero,
    }));
    const whole = await countsSince(db, remote, minuteOf(new Date(startedAt)));
    const assessment = assessCanary({
      recent,
      sinceStart: { canary: whole.get(canary.id) ?? zero, live: whole.get(live) ?? zero },
      now: to.getTime(),
      startedAt,
      holding: canary.state === 'holding',
    });
    const { window: windowed, sinceStart } = assessment;
    const report: CanaryRuleReport = {
      verdict: windowed.judgement.verdict,
      from: new Date(windowed.from).toISOString(),
      to: to.toISOString(),
      canary: side(canary.id, windowed.judgement.canary),
      live: side(live, windowed.judgement.live),
      z: windowed.judgement.z,
      summary: `over the last ${windowed.minutes === 1 ? 'minute' : `${windowed.minutes} minutes`}, ${windowed.judgement.summary}`,
      sinceStart: { verdict: sinceStart.verdict, canary: side(canary.id, sinceStart.canary), live: side(live, sinceStart.live), z: sinceStart.z },
    };
    return { report, assessment };
  };
  const judge = async (remote: string, watch: Pick<RemoteWatch, 'live' | 'canary'>): Promise<CanaryRuleReport | null> => (await assess(remote, watch))?.report ?? null;

  const setOrder = (tx: Queryable, remote: string, action: 'withdraw' | 'promote' | 'rollback', canary: string, by: string, note: string) =>
    tx.query(
      'UPDATE release_watch SET order_action = $2, order_canary = $3, order_by = $4, order_note = $5, ordered_at = $6 WHERE remote = $1',
      [remote, action, canary, by, note, now()],
    );

  const lockRow = async (tx: Queryable, remote: string): Promise<WatchRow | undefined> =>
    (await tx.query<WatchRow>('SELECT * FROM release_watch WHERE remote = $1 FOR UPDATE', [remote]))[0];

  return {
    judge,

    async check(request, remote, report) {
      const assessed = await assess(remote, report);
      const rule = assessed?.report ?? null;
      const order = await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO release_watch (remote, live, canary, reported_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (remote) DO NOTHING`,
          [remote, report.live, report.canary ? JSON.stringify(report.canary) : null, now()],
        );
        const before = await lockRow(tx, remote);
        const previous = canaryOf(before?.canary ?? null);
        await tx.query('UPDATE release_watch SET live = $2, canary = $3, reported_at = $4 WHERE remote = $1', [
          remote,
          report.live,
          report.canary ? JSON.stringify(report.canary) : null,
          now(),
        ]);
        let row: WatchRow | undefined = before && { ...before, live: report.live, canary: report.canary ? JSON.stringify(report.canary) : null };
        // The canary the order was for ended (carried out, or ended some other way): the order is done.
        if (row?.order_canary && row.order_canary !== report.canary?.id) {
          await tx.query('UPDATE release_watch SET order_action = NULL, order_canary = NULL, order_by = NULL, order_note = NULL, ordered_at = NULL WHERE remote = $1', [remote]);
          row = { ...row, order_action: null, order_canary: null, order_by: null, order_note: null, ordered_at: null };
        }
        if (previous && previous.id !== report.canary?.id) {
          const outcome = report.live === previous.id ? 'promoted' : 'ended without promotion';
          await audit.within(tx, request, 'release.canary-ended', { type: 'release', id: previous.id }, { remote, canary: previous.id, live: report.live, outcome });
        }
        const canary = report.canary;
        if (!canary || !assessed || !rule || !row) return orderOf(row);
        const current = orderOf(row);
        const { assessment } = assessed;
        const figures = { window: { from: rule.from, to: rule.to, canary: rule.canary, live: rule.live, z: rule.z }, sinceStart: rule.sinceStart };
        const summary = assessment.over === 'window' ? rule.summary : `since it started, ${assessment.because.summary}`;
        if (current.action !== 'withdraw' && assessment.action === 'withdraw') {
          const note = `withdrawn by the rule: ${summary}`;
          await setOrder(tx, remote, 'withdraw', canary.id, 'rule', note);
          await audit.within(tx, request, 'release.canary-withdraw', { type: 'release', id: canary.id }, {
            remote,
            canary: canary.id,
            live: report.live,
            by: 'rule',
            summary,
            figures,
            ...(current.action !== 'none' ? { replaced: current.action } : {}),
          });
          if (canary.contact) {
            await enqueueMail(tx, {
              dedupeKey: `canary-withdrawn:${remote}:${canary.id}`,
              kind: 'canary-withdrawn',
              recipient: canary.contact,
              mail: canaryWithdrawnMail({ remote, canary: canary.id, live: report.live, summary, at: now() }),
            });
          }
          return orderOf(await lockRow(tx, remote));
        }
        if (current.action === 'none' && assessment.action === 'promote') {
          const note = `promoted by the rule at the end of its plan: ${summary}`;
          await setOrder(tx, remote, 'promote', canary.id, 'rule', note);
          await audit.within(tx, request, 'release.canary-promote', { type: 'release', id: canary.id }, { remote, canary: canary.id, live: report.live, by: 'rule', figures });
          return orderOf(await lockRow(tx, remote));
        }
        return current;
      });
      return { order, rule };
    },

    async order(request, remote, action, canaryId) {
      // Judged before the transaction: the figures go into the audit entry.
      const reported = (await db.query<WatchRow>('SELECT * FROM release_watch WHERE remote = $1', [remote]))[0];
      const rule = reported ? await judge(remote, { live: reported.live, canary: canaryOf(reported.canary) }) : null;
      return db.transaction(async (tx) => {
        const row = await lockRow(tx, remote);
        const running = canaryOf(row?.canary ?? null);
        if (!row || !running) throw new HttpError(409, `${remote} has no canary running (as its server last reported), so ${canaryId} cannot be ${action === 'promote' ? 'promoted' : 'rolled back'}.`);
        if (running.id !== canaryId) {
          throw new HttpError(409, `${canaryId} is not the canary running on ${remote}: ${running.id} is. Reload the page to see it.`);
        }
        const current = orderOf(row);
        if (current.action === 'withdraw') throw new HttpError(409, `${canaryId} is being withdrawn by the rule already; nothing else can be ordered for it.`);
        const note = `${action === 'promote' ? 'promoted' : 'rolled back'} by staff`;
        await setOrder(tx, remote, action, canaryId, 'staff', note);
        await audit.within(tx, request, `release.canary-${action}`, { type: 'release', id: canaryId }, {
          remote,
          canary: canaryId,
          live: row.live,
          by: 'staff',
          ...(rule?.canary.release === canaryId ? { figures: { window: { canary: rule.canary, live: rule.live, z: rule.z }, sinceStart: rule.sinceStart } } : {}),
          ...(current.action !== 'none' ? { replaced: `${current.action} by ${current.by}` } : {}),
        });
        return orderOf(await lockRow(tx, remote));
      });
    },

    async all() {
      return (await db.query<WatchRow>('SELECT * FROM release_watch ORDER BY remote')).map(toWatch);
    },
  };
}
