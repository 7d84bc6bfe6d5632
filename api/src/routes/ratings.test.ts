import { MESSAGES } from '@carebook/shared';
import { post } from '../../../testing/api/http';
import { adminCall, allDoctors, bookSlot, doctor, myAppointments, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

const TODAY = '24_11_2026'; // the test clock's day (10:10 in Berlin)
const RATE = '/api/v1/user/rate-appointment';

describe.each(DRIVERS)('ratings on %s', (driver) => {
  const env = useTestEnv(driver);
  let nextTime = 0;

  /** A patient with a visit to `docId` that the clinic marked completed. */
  async function completedVisit(docId: string): Promise<{ token: string; id: string }> {
    const token = await registerPatient(env);
    const time = `${11 + Math.floor(nextTime / 2)}:${nextTime % 2 === 0 ? '00' : '30'}`;
    nextTime += 1;
    const id = await bookSlot(env, token, docId, TODAY, time);
    expect((await adminCall(env, '/api/v1/admin/appointment-complete', { appointmentId: id })).status).toBe(200);
    return { token, id };
  }

  const rate = (token: string, body: object) => post(env.app, RATE, body, token);

  it('starts every doctor with no rating and no reviews', async () => {
    for (const d of await allDoctors(env)) expect([d._id, d.rating, d.reviews]).toEqual([d._id, null, 0]);
  });

  it('rates a completed visit once: 201, then 409, and the list shows the average and count at once', async () => {
    const first = await completedVisit('doc05');
    const res = await rate(first.token, { appointmentId: first.id, rating: 4, comment: '  Kind and thorough.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MESSAGES.ratingThanks });
    expect(await doctor(env, 'doc05')).toMatchObject({ rating: 4, reviews: 1 });

    const again = await rate(first.token, { appointmentId: first.id, rating: 1 });
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.ratingTwice]);

    const second = await completedVisit('doc05');
    expect((await rate(second.token, { appointmentId: second.id, rating: 5 })).status).toBe(201);
    expect(await doctor(env, 'doc05')).toMatchObject({ rating: 4.5, reviews: 2 });
    const third = await completedVisit('doc05');
    expect((await rate(third.token, { appointmentId: third.id, rating: 5 })).status).toBe(201);
    expect(await doctor(env, 'doc05')).toMatchObject({ rating: 4.7, reviews: 3 }); // 14 / 3 = 4.67
    expect(await doctor(env, 'doc06')).toMatchObject({ rating: null, reviews: 0 });

    const stored = await env.db.query<{ comment: string }>('SELECT comment FROM ratings WHERE appointment_id = $1', [first.id]);
    expect(stored[0]?.comment).toBe('Kind and thorough.');
    const [mine] = await myAppointments(env, first.token);
    expect(mine).toMatchObject({ _id: first.id, isCompleted: true, rating: 4 });
  });

  it('lets two racing ratings of one visit count once', async () => {
    const visit = await completedVisit('doc07');
    const statuses = await Promise.all([3, 5].map(async (stars) => (await rate(visit.token, { appointmentId: visit.id, rating: stars })).status));
    expect(statuses.sort()).toEqual([201, 409]);
    expect((await doctor(env, 'doc07')).reviews).toBe(1);
  });

  it('answers 400 for a visit that is not completed, upcoming or cancelled', async () => {
    const token = await registerPatient(env);
    const upcoming = await bookSlot(env, token, 'doc08', TODAY, '19:00');
    const cancelled = await bookSlot(env, token, 'doc08', TODAY, '19:30');
    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: cancelled }, token)).status).toBe(200);
    for (const id of [upcoming, cancelled]) {
      const res = await rate(token, { appointmentId: id, rating: 5 });
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.ratingNotCompleted]);
    }
    expect((await doctor(env, 'doc08')).reviews).toBe(0);
  });

  it("answers 404 for another patient's visit", async () => {
    const visit = await completedVisit('doc10');
    const stranger = await registerPatient(env);
    const res = await rate(stranger, { appointmentId: visit.id, rating: 1 });
    expect([res.status, res.body.message]).toEqual([404, MESSAGES.appointmentNotFound]);
    expect((await doctor(env, 'doc10')).reviews).toBe(0);
  });

  it('refuses a rating that is not 1-5 stars or a comment that is too long or not text', async () => {
    const visit = await completedVisit('doc11');
    const cases: Array<[object, string]> = [
      [{ rating: 0 }, MESSAGES.ratingInvalid],
      [{ rating: 6 }, MESSAGES.ratingInvalid],
      [{ rating: 4.5 }, MESSAGES.ratingInvalid],
      [{ rating: '5' }, MESSAGES.ratingInvalid],
      [{}, MESSAGES.ratingInvalid],
      [{ rating: 5, comment: 'x'.repeat(501) }, MESSAGES.ratingCommentTooLong],
      [{ rating: 5, comment: 42 }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'bad\u0000byte' }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'next\u0085line' }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'csi\u009b31m' }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'good \u202Edab' }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'isolate \u2067x\u2069' }, MESSAGES.ratingCommentInvalid],
      [{ rating: 5, comment: 'trailing tab is fine, vertical tab is not\u000B' }, MESSAGES.ratingCommentInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await rate(visit.token, { appointmentId: visit.id, ...body });
      expect([JSON.stringify(body).slice(0, 40), res.status, res.body.message]).toEqual([JSON.stringify(body).slice(0, 40), 400, message]);
    }
    expect((await doctor(env, 'doc11')).reviews).toBe(0);
    const longest = await rate(visit.token, { appointmentId: visit.id, rating: 2, comment: `Line one\n${'é'.repeat(491)}` });
    expect(longest.status).toBe(201);
    expect(await doctor(env, 'doc11')).toMatchObject({ rating: 2, reviews: 1 });
  });

  it('needs a logged-in patient', async () => {
    expect((await post(env.app, RATE, { appointmentId: 'x', rating: 5 })).status).toBe(401);
  });
});

afterAll(() => stopTestCluster());
