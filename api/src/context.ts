import type { Config } from './config';
import type { Db } from './db/db';
import type { DoctorsCache } from './lib/doctors-cache';
import type { UploadStore } from './lib/images';
import type { PreparedReply } from './lib/prepared-reply';
import type { RateLimits } from './lib/rate-limits';
import type { TokenSigner } from './lib/tokens';
import type { Guards } from './plugins/auth';
import type { AppointmentWrites } from './services/appointment-writes';
import type { DoctorWrites } from './services/doctor-writes';

/** What route modules need, built once by `buildApp`. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  signer: TokenSigner;
  guards: Guards;
  uploads: UploadStore;
  doctorsCache: DoctorsCache<PreparedReply>;
  /** Writes the doctor list shows: each refreshes the list here and on other processes when it commits. */
  appointmentWrites: AppointmentWrites;
  doctorWrites: DoctorWrites;
  /** Per-account and per-address limits (book/reschedule/cancel, sign-up, failed logins). */
  rateLimits: RateLimits;
}
