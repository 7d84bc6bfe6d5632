import fs from 'node:fs';
import path from 'node:path';
import type { CanaryRuleReport, ReleaseHealthReply } from '@carebook/shared';

/**
 * What `npm run releases -w remotes/<name>` shows of a canary's health, from the API (which holds
 * the telemetry and the rule): `GET <api>/api/v1/releases/<remote>/health` with the releases key.
 * The CLI finds the API at RELEASES_API_URL, else API_URL, else http://localhost:4000, and the key
 * in RELEASES_API_KEY, else in `<DATA_DIR>/releases-api-key` (which `npm start` writes).
 */
export const RELEASES_KEY_FILE = 'releases-api-key';

export interface ReleasesApiAccess {
  url: string;
  key: string | null;
  /** Where the key was looked for, to say so when there is none. */
  keyFile: string;
}

export function releasesApiAccess(env: NodeJS.ProcessEnv, dataDir: string): ReleasesApiAccess {
  const keyFile = path.join(dataDir, RELEASES_KEY_FILE);
  let key = env.RELEASES_API_KEY?.trim() || null;
  if (!key && fs.existsSync(keyFile)) key = fs.readFileSync(keyFile, 'utf8').trim() || null;
  return { url: (env.RELEASES_API_URL ?? env.API_URL ?? 'http://localhost:4000').replace(/\/+$/, ''), key, keyFile };
}

const percent = (rate: number | null): string => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`);
const sideLine = (label: string, side: CanaryRuleReport['canary']): string =>
  `    ${label} ${side.release}: ${side.views} page views, ${side.errorViews} with errors (${percent(side.errorRate)})`;

/** The health lines for `remote`, or a line saying why they cannot be had. */
export async function canaryHealthLines(remote: string, access: ReleasesApiAccess, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  if (!access.key) {
    return [`Health: unknown here: no RELEASES_API_KEY set and no ${access.keyFile} (npm start writes it); set RELEASES_API_KEY as the API has it.`];
  }
  let reply: ReleaseHealthReply & { message?: string };
  try {
    const response = await fetchImpl(`${access.url}/api/v1/releases/${encodeURIComponent(remote)}/health`, {
      headers: { 'x-releases-key': access.key },
      signal: AbortSignal.timeout(5000),
    });
    reply = (await response.json()) as ReleaseHealthReply & { message?: string };
    if (!response.ok) return [`Health: the API at ${access.url} refused (${response.status}: ${reply.message ?? 'no reason given'}).`];
  } catch (error) {
    return [`Health: the API at ${access.url} could not be reached (${error instanceof Error ? error.message : String(error)}); start it or set RELEASES_API_URL.`];
  }
  const lines = [`Health, from the API at ${access.url}${reply.reportedAt ? ` (last report of ${remote}'s server: ${reply.reportedAt})` : ` (${remote}'s server has not reported yet)`}:`];
  const { rule } = reply;
  if (!rule) {
    lines.push('    No canary reported to the API: nothing to judge.');
  } else {
    lines.push(`  Over ${rule.from} to ${rule.to}:`, sideLine('canary', rule.canary), sideLine('live  ', rule.live));
    lines.push(`  The rule says: ${rule.verdict} (${rule.summary}).`);
    lines.push(`  Since the canary started: ${rule.sinceStart.verdict}; canary ${rule.sinceStart.canary.views} views (${percent(rule.sinceStart.canary.errorRate)} with errors), live ${rule.sinceStart.live.views} (${percent(rule.sinceStart.live.errorRate)}).`);
  }
  if (reply.order.action !== 'none') lines.push(`  Ordered: ${reply.order.action} ${reply.order.canary} by ${reply.order.by} at ${reply.order.orderedAt} (${reply.order.note}).`);
  return lines;
}
