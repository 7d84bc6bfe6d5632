import type { Config } from './config';
import type { Db } from './db/db';
import type { DoctorsCache } from './lib/doctors-cache';
import type { UploadStore } from './lib/images';
import type { PreparedReply } from './lib/prepared-reply';
import type { TokenSigner } from './lib/tokens';
import type { Guards } from './plugins/auth';

/** What route modules need, built once by `buildApp`. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  signer: TokenSigner;
  guards: Guards;
  uploads: UploadStore;
  doctorsCache: DoctorsCache<PreparedReply>;
  /** Call after a committed change to doctors or bookings: refreshes the list here and elsewhere. */
  doctorsChanged(): void;
}
