import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import type { Db } from './db/db';
import { openDatabase } from './db/open-db';
import { appendAudit } from './services/audit';
import { type PgCluster, startPgCluster } from '../../testing/node/pg-cluster';

jest.setTimeout(120_000);

const API_ROOT = path.resolve(__dirname, '..');

/** `npm run audit:verify -w api` as an operator runs it, against a PostgreSQL the API uses. */
describe('audit:verify command', () => {
  let cluster: PgCluster;
  let db: Db;
  let url = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carebook-verify-'));

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('verify');
    db = await openDatabase(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: 'v'.repeat(40) }));
    for (const action of ['auth.login', 'appointment.book', 'appointment.cancel']) {
      await appendAudit(db, {
        at: new Date('2026-11-24T09:10:00Z'),
        actorRole: 'patient',
        actorId: 'patient-1',
        ip: '127.0.0.1',
        requestId: `request-${action}`,
        action,
        targetType: 'appointment',
        targetId: 'a1',
        patientId: 'patient-1',
        doctorId: 'doc01',
        appointmentId: 'a1',
        changes: { by: 'patient' },
      });
    }
  });

  afterAll(async () => {
    await db?.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const verify = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/audit-verify.ts', ...args], {
      cwd: API_ROOT,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: 'v'.repeat(40) },
      encoding: 'utf8',
    });

  it('passes an intact trail and prints its head, then fails once an entry was changed', async () => {
    const intact = verify();
    expect(intact.status).toBe(0);
    expect(intact.stdout).toMatch(/3 audit entries checked; head [0-9a-f]{64}/);
    expect(intact.stdout).toContain('the trail is intact');
    const head = /head ([0-9a-f]{64})/.exec(intact.stdout)?.[1] ?? '';
    expect(verify('--head', head).status).toBe(0);

    await db.exec("ALTER TABLE audit_log DISABLE TRIGGER USER; UPDATE audit_log SET changes = '{\"by\":\"clinic\"}' WHERE seq = 3; ALTER TABLE audit_log ENABLE TRIGGER USER");
    const tampered = verify('--head', head);
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toContain('TAMPERED: entry 3 was changed after it was written');
    expect(tampered.stderr).toContain('the trail is NOT intact');
  });
});
