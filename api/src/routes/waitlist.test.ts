import { MESSAGES } from '@carebook/shared';
import { get, post } from '../../../testing/api/http';
import { adminToken, bookSlot, doctor, myAppointments, registerPatient } from '../../../testing/api/patient-calls';
import { findUnauditedChanges } from '../services/audit';
import { DRIVERS, stopTestCluster, type TestEnv, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(120_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (see TestClock).
const TOMORROW = '25_11_2026';
const THURSDAY = '26_11_2026';
const FRIDAY = '27_11_2026';
/** 20 half-hour starts on one day: 10:00 ... 19:30. */
const TWENTY_TIMES = Array.from({ length: 20 }, (_, i) => `${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`);

interface OfferRow {
  id: string;
  user_id: string;
  slot_date: string;
  slot_time: string;
}

async function userIdOf(env: TestEnv, token: string): Promise<string> {
  return (await get<{ user: { _id: string } }>(env.app, '/api/v1/user/get-profile', token)).body.user._id;
}

async function offersFor(env: TestEnv, slotDate: string, slotTime: string, doctorId: string): Promise<OfferRow[]> {
  return env.db.query<OfferRow>(
    'SELECT id, user_id, slot_date, slot_time FROM waitlist_offers WHERE doctor_id = $1 AND slot_date = $2 AND slot_time = $3 ORDER BY id',
    [doctorId, slotDate, slotTime],
  );
}

async function offerMails(env: TestEnv): Promise<{ recipient: string; subject: string; text_body: string }[]> {
  return env.db.query("SELECT recipient, subject, text_body FROM mail_outbox WHERE kind = 'earlier-time' ORDER BY id");
}

const ask = (env: TestEnv, token: string, body: object) => post<{ request: { _id: string; appointmentId: string | null } }>(env.app, '/api/v1/user/waitlist', body, token);
const take = (env: TestEnv, token: string, offerId: string) => post<{ appointmentId: string }>(env.app, '/api/v1/user/waitlist-take', { offerId }, token);
const cancel = (env: TestEnv, token: string, appointmentId: string) => post(env.app, '/api/v1/user/cancel-appointment', { appointmentId }, token);

describe.each(DRIVERS)('the waitlist on %s', (driver) => {
  const env = useTestEnv(driver);
  afterAll(() => stopTestCluster());

  it('offers a cancelled time to all 20 waiting patients at once; exactly one takes it, and their old time goes to the next', async () => {
    const holder = await registerPatient(env, 'Holder');
    const held = await bookSlot(env, holder, 'doc05', TOMORROW, '15:00');
    const waiting: { token: string; userId: string; appointmentId: string; time: string }[] = [];
    for (const time of TWENTY_TIMES) {
      const token = await registerPatient(env, `Waiting ${time}`);
      const appointmentId = await bookSlot(env, token, 'doc05', THURSDAY, time);
      const asked = await ask(env, token, { docId: 'doc05' });
      expect(asked.status).toBe(201);
      expect(asked.body.request.appointmentId).toBe(appointmentId); // their booked visit is the one to move
      waiting.push({ token, userId: await userIdOf(env, token), appointmentId, time });
    }
    // Narrowed to mornings: a 15:00 time does not fit, so this patient is not told of it.
    const morning = await registerPatient(env, 'Mornings only');
    await bookSlot(env, morning, 'doc05', FRIDAY, '10:00');
    expect((await ask(env, morning, { docId: 'doc05', partOfDay: 'morning' })).status).toBe(201);
    const morningId = await userIdOf(env, morning);

    expect((await cancel(env, holder, held)).status).toBe(200);
    const offers = await offersFor(env, TOMORROW, '15:00', 'doc05');
    expect(offers.map((o) => o.user_id).sort()).toEqual(waiting.map((w) => w.userId).sort());
    const mails = await offerMails(env);
    expect(mails).toHaveLength(20);
    expect(mails.every((m) => m.subject.startsWith('An earlier time with'))).toBe(true);
    expect(mails.every((m) => m.text_body.includes('Take this time: http'))).toBe(true);

    // Everyone taps at once: one wins, the rest are told it is gone and keep their visit.
    const tokenOf = new Map(waiting.map((w) => [w.userId, w.token]));
    const replies = await Promise.all(offers.map((o) => take(env, tokenOf.get(o.user_id) ?? '', o.id)));
    const winners = replies.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    const gone = replies.filter((r) => r.status === 409);
    expect(gone).toHaveLength(19);
    expect(gone.every((r) => r.body.message === MESSAGES.offerGone)).toBe(true);

    const winnerIndex = replies.findIndex((r) => r.status === 200);
    const winner = waiting.find((w) => w.userId === offers[winnerIndex]?.user_id);
    if (!winner) throw new Error('no winner');
    const mine = await myAppointments(env, winner.token);
    expect(mine.filter((a) => !a.cancelled).map((a) => `${a._id} ${a.slotDate} ${a.slotTime}`)).toEqual([`${winner.appointmentId} ${TOMORROW} 15:00`]);
    for (const other of waiting.filter((w) => w !== winner)) {
      const theirs = (await myAppointments(env, other.token)).filter((a) => !a.cancelled);
      expect(theirs.map((a) => `${a.slotDate} ${a.slotTime}`)).toEqual([`${THURSDAY} ${other.time}`]);
    }
    const booked = (await doctor(env, 'doc05')).slots_booked;
    expect(booked[TOMORROW]).toEqual(['15:00']);
    expect(booked[THURSDAY]).toHaveLength(19);
    expect(booked[THURSDAY]).not.toContain(winner.time);

    // The winner's old time is offered next, to those whose visit is later than it (and not to the
    // winner); the patient waiting for mornings only hears of it when it is a morning.
    const next = await offersFor(env, THURSDAY, winner.time, 'doc05');
    const later = waiting.filter((w) => w.time > winner.time).map((w) => w.userId);
    if (winner.time < '13:00') later.push(morningId);
    expect(next.map((o) => o.user_id).sort()).toEqual([...later].sort());
    expect(await offerMails(env)).toHaveLength(20 + later.length);

    // A second tap on a gone offer still changes nothing, and a taken offer shows as taken.
    const loser = replies.findIndex((r) => r.status === 409);
    const loserOffer = offers[loser];
    if (!loserOffer) throw new Error('no loser');
    expect((await take(env, tokenOf.get(loserOffer.user_id) ?? '', loserOffer.id)).status).toBe(409);
    const page = await get<{ offer: { status: string } }>(env.app, `/api/v1/user/waitlist-offer?offerId=${offers[winnerIndex]?.id}`, winner.token);
    expect(page.body.offer.status).toBe('taken');
    const lostPage = await get<{ offer: { status: string } }>(env.app, `/api/v1/user/waitlist-offer?offerId=${loserOffer.id}`, tokenOf.get(loserOffer.user_id));
    expect(lostPage.body.offer.status).toBe('gone');
    // Another patient's offer is not theirs to see or take.
    expect((await take(env, holder, loserOffer.id)).status).toBe(404);
    // The winner's request ended with the take; the others still wait.
    expect((await get<{ requests: unknown[] }>(env.app, '/api/v1/user/waitlist', winner.token)).body.requests).toEqual([]);
    expect((await get<{ requests: unknown[] }>(env.app, '/api/v1/user/waitlist', waiting.find((w) => w !== winner)?.token)).body.requests).toHaveLength(1);
  });

  it('offers only what the patient could book: not at a time they hold elsewhere, not on time off, never the same time twice', async () => {
    const [a, b, holder] = [await registerPatient(env, 'Ann Early'), await registerPatient(env, 'Ben Busy'), await registerPatient(env, 'Holder')];
    await bookSlot(env, a, 'doc06', FRIDAY, '12:00');
    await bookSlot(env, b, 'doc06', FRIDAY, '12:30');
    await bookSlot(env, b, 'doc07', TOMORROW, '11:00'); // B is busy with another doctor then
    expect((await ask(env, a, { docId: 'doc06' })).status).toBe(201);
    expect((await ask(env, b, { docId: 'doc06' })).status).toBe(201);
    expect((await ask(env, b, { docId: 'doc06' })).body.message).toBe(MESSAGES.waitlistAlreadyOpen);
    const freed = await bookSlot(env, holder, 'doc06', TOMORROW, '11:00');
    expect((await cancel(env, holder, freed)).status).toBe(200);
    expect((await offersFor(env, TOMORROW, '11:00', 'doc06')).map((o) => o.user_id)).toEqual([await userIdOf(env, a)]);

    // Booked again and freed again: A is not sent the same time twice.
    const again = await bookSlot(env, holder, 'doc06', TOMORROW, '11:00');
    expect((await cancel(env, holder, again)).status).toBe(200);
    expect(await offersFor(env, TOMORROW, '11:00', 'doc06')).toHaveLength(1);

    // A time freed on the doctor's time off is offered to nobody.
    const onLeave = await bookSlot(env, holder, 'doc06', THURSDAY, '16:00');
    const admin = await adminToken(env);
    const schedule = (await doctor(env, 'doc06')).schedule;
    const away = await post(env.app, '/api/v1/admin/doctor-schedule', { docId: 'doc06', ...schedule, timeOff: [{ from: '2026-11-26', to: '2026-11-26' }] }, admin);
    expect(away.status).toBe(200);
    expect((await cancel(env, holder, onLeave)).status).toBe(200);
    expect(await offersFor(env, THURSDAY, '16:00', 'doc06')).toEqual([]);

    // Time off removed: the reopened day's times fit A's and B's requests and are offered.
    expect((await post(env.app, '/api/v1/admin/doctor-schedule', { docId: 'doc06', ...schedule, timeOff: [] }, admin)).status).toBe(200);
    expect((await offersFor(env, THURSDAY, '16:00', 'doc06')).length).toBe(2);
  });

  it('lists and ends requests, and ends them by itself when the visit is cancelled', async () => {
    const token = await registerPatient(env);
    const visit = await bookSlot(env, token, 'doc08', FRIDAY, '14:00');
    expect((await ask(env, token, { docId: 'doc08', before: '2026-11-26', weekdays: ['wed'], partOfDay: 'afternoon' })).status).toBe(201);
    expect((await ask(env, token, { docId: 'doc09', before: '26-11-2026' })).body.message).toBe(MESSAGES.waitlistBadBefore);
    const list = await get<{ requests: { _id: string; before: string; weekdays: string[]; partOfDay: string; slotDate: string }[] }>(env.app, '/api/v1/user/waitlist', token);
    expect(list.body.requests).toEqual([expect.objectContaining({ before: '2026-11-26', weekdays: ['wed'], partOfDay: 'afternoon', slotDate: FRIDAY })]);
    expect((await cancel(env, token, visit)).status).toBe(200);
    expect((await get<{ requests: unknown[] }>(env.app, '/api/v1/user/waitlist', token)).body.requests).toEqual([]);

    // From the doctor's page without a visit: taking would book; the patient ends it themself.
    const asked = await ask(env, token, { docId: 'doc09' });
    expect(asked.body.request.appointmentId).toBeNull();
    const end = (id: string) => post(env.app, '/api/v1/user/waitlist-end', { requestId: id }, token);
    expect((await end(asked.body.request._id)).body.message).toBe(MESSAGES.waitlistEnded);
    expect((await end(asked.body.request._id)).status).toBe(404);
  });

  it('does not offer a time to a patient whom taking it would put over the upcoming cap', async () => {
    const [full, holder] = [await registerPatient(env, 'Fully Booked'), await registerPatient(env, 'Holder')];
    expect((await ask(env, full, { docId: 'doc11' })).status).toBe(201); // no visit with doc11: taking would book
    for (const [docId, time] of [['doc01', '11:00'], ['doc02', '12:00'], ['doc03', '13:00'], ['doc04', '14:00'], ['doc07', '17:00']] as const) {
      await bookSlot(env, full, docId, FRIDAY, time);
    }
    const freed = await bookSlot(env, holder, 'doc11', TOMORROW, '18:30');
    expect((await cancel(env, holder, freed)).status).toBe(200);
    expect(await offersFor(env, TOMORROW, '18:30', 'doc11')).toEqual([]); // MAX_UPCOMING_PER_PATIENT is 5
  });

  it('books a freed time for a patient who asked without a visit', async () => {
    const [asker, holder] = [await registerPatient(env, 'Asker'), await registerPatient(env, 'Holder')];
    expect((await ask(env, asker, { docId: 'doc10' })).status).toBe(201);
    const freed = await bookSlot(env, holder, 'doc10', TOMORROW, '17:00');
    expect((await cancel(env, holder, freed)).status).toBe(200);
    const [offer] = await offersFor(env, TOMORROW, '17:00', 'doc10');
    const taken = await take(env, asker, offer?.id ?? '');
    expect(taken.status).toBe(200);
    expect((await myAppointments(env, asker)).map((a) => `${a._id} ${a.slotDate} ${a.slotTime}`)).toEqual([`${taken.body.appointmentId} ${TOMORROW} 17:00`]);
  });
  it('offers a time the desk frees by moving a visit, and the trail holds every offer and take with the move or booking it made', async () => {
    const admin = await adminToken(env);
    const [caller, waiter] = [await registerPatient(env, 'Desk Caller'), await registerPatient(env, 'Desk Waiter')];
    const called = await bookSlot(env, caller, 'doc11', TOMORROW, '11:00');
    const waiting = await bookSlot(env, waiter, 'doc11', FRIDAY, '11:00');
    expect((await ask(env, waiter, { docId: 'doc11' })).status).toBe(201);

    const moved = await post(env.app, '/api/v1/admin/appointment-reschedule', { appointmentId: called, slotDate: THURSDAY, slotTime: '12:00' }, admin);
    expect(moved.status).toBe(200);
    const offers = await offersFor(env, TOMORROW, '11:00', 'doc11');
    expect(offers.map((o) => o.user_id)).toEqual([await userIdOf(env, waiter)]);
    const offerId = offers[0]?.id ?? '';
    const entries = async (targetId: string) =>
      (await env.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target_id = $1 ORDER BY seq', [targetId])).map((r) => r.action);
    expect(await entries(offerId)).toEqual(['waitlist.offer']);

    expect((await take(env, waiter, offerId)).status).toBe(200);
    expect(await entries(offerId)).toEqual(['waitlist.offer', 'waitlist.take']);
    expect(await entries(waiting)).toEqual(['appointment.book', 'appointment.reschedule']);
    expect(await findUnauditedChanges(env.db)).toEqual([]);
  });
});
