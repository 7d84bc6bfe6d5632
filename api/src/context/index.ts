import type { Config } from '../config';
import type { Db } from '../db/db';
import type { DoctorsCache } from '../lib/doctors-cache';
import type { UploadStore } from '../lib/images';
import type { PreparedReply } from '../lib/prepared-reply';
import type { RateLimits } from '../lib/rate-limits';
import type { TokenSigner } from '../lib/tokens';
import type { Audit } from '../plugins/audit';
import type { Guards } from '../plugins/auth';
import type { AppointmentWrites } from '../services/appointment-writes';
import type { DoctorWrites } from '../services/doctor-writes';
import type { ReleaseWatch } from '../services/release-watch';
import type { Telemetry } from '../services/telemetry';
import type { SessionDeps } from '../services/sessions';

/** What route modules need, built once by `buildApp`. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  signer: TokenSigner;
  guards: Guards;
  /** What starting and checking sessions needs (signer, idle/max policy, clock). */
  sessions: SessionDeps;
  /** Records who did what on the audit trail (`plugins/audit.ts`). */
  audit: Audit;
  uploads: UploadStore;
  doctorsCache: DoctorsCache<PreparedReply>;
  /** Writes the doctor list shows: each refreshes the list here and on other processes when it commits. */
  appointmentWrites: AppointmentWrites;
  doctorWrites: DoctorWrites;
  /** Per-account and per-address limits (book/reschedule/cancel, sign-up, failed logins). */
  rateLimits: RateLimits;
  /** Telemetry per release: the beacons' buffer and its writes (`services/telemetry.ts`). */
  telemetry: Telemetry;
  /** The remotes' canary reports, the rule and the orders (`services/release-watch.ts`). */
  releaseWatch: ReleaseWatch;
}
