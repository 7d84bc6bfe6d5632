import type { FastifyInstance } from 'fastify';
import { doctorsReplySchema } from '@carebook/shared/contract';
import { clinicToday, type DoctorsReply, type SlotsBooked } from '@carebook/shared';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { listBookedSlots, listDoctors } from '../repositories/doctors-repository';
import { sendPrepared } from '../lib/prepared-reply';
import { listDoctorRatings } from '../repositories/ratings-repository';
import { withErrors } from '../lib/reply-schemas';
import { toDoctor } from '../lib/serialize';

/**
 * The all-doctors reply, serialised once. `slots_booked` comes from the live appointments from the
 * clinic's yesterday on (older days cannot be booked anyway), so it can never drift from them.
 * `rating`/`reviews` come from patients' ratings; a rating invalidates the cached reply too.
 */
export async function buildDoctorsReply(db: Queryable, config: Config, now: Date): Promise<Buffer> {
  const from = clinicToday(new Date(now.getTime() - 86_400_000), config.clinicTimeZone);
  const [rows, booked, ratings] = await Promise.all([listDoctors(db), listBookedSlots(db, from), listDoctorRatings(db)]);
  const slots = new Map<string, SlotsBooked>();
  for (const b of booked) {
    const byDay = slots.get(b.doctor_id) ?? {};
    (byDay[b.slot_date] ??= []).push(b.slot_time);
    slots.set(b.doctor_id, byDay);
  }
  const doctors = rows.map((row) => ({
    ...toDoctor(config.publicUrl, row, slots.get(row.id) ?? {}),
    ...(ratings.get(row.id) ?? { rating: null, reviews: 0 }),
  }));
  const reply: DoctorsReply = { success: true, doctors };
  return Buffer.from(JSON.stringify(reply));
}

export async function doctorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * From memory; `no-cache` + ETag: clients revalidate every time and mostly get a 304. The reply
   * schema is documentary here: the bytes are prepared (and compressed) once per change and sent as
   * a Buffer, which fastify does not serialise, so nothing is re-encoded per request. The contract
   * test parses this reply with it, on this route and on the fast path.
   */
  app.get('/api/v1/doctor/all-doctors', { schema: { response: withErrors({ 200: doctorsReplySchema }) } }, async (request, reply) =>
    sendPrepared(request, reply, await ctx.doctorsCache.get()),
  );
}
