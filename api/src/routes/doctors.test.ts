import { type Doctor, SPECIALIZATIONS } from '@carebook/shared';
import { get } from '../../../testing/api/http';
import { DRIVERS, PUBLIC_URL, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

type DoctorsBody = { doctors: Doctor[] };

describe.each(DRIVERS)('doctor list API on %s', (driver) => {
  const env = useTestEnv(driver);

  describe('GET /api/v1/doctor/all-doctors', () => {
    it('lists the seeded doctors with the fields the site reads, and nothing private', async () => {
      const res = await get<DoctorsBody>(env.app, '/api/v1/doctor/all-doctors');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const list = res.body.doctors;
      expect(list.length).toBeGreaterThanOrEqual(15);
      const first = list[0] as Doctor;
      expect(first).toMatchObject({ _id: 'doc01', available: true, fees: expect.any(Number), slots_booked: {} });
      expect(first.experience).toBeTruthy();
      expect(first.location).toBeTruthy();
      expect(first.image).toBe(`${PUBLIC_URL}/static/doctors/doc01.svg`);
      for (const d of list) {
        expect(d.fee).toBe(d.fees);
        expect(d.address).toEqual({ line1: expect.any(String), line2: expect.any(String) });
        expect(Object.keys(d)).not.toEqual(expect.arrayContaining(['email']));
        expect(JSON.stringify(d)).not.toMatch(/password/i);
      }
      const counts = new Map<string, number>();
      for (const d of list) counts.set(d.specialization, (counts.get(d.specialization) ?? 0) + 1);
      for (const s of SPECIALIZATIONS) expect(counts.get(s)).toBeGreaterThan(0);
      expect([...counts.values()].filter((n) => n === 1)).toHaveLength(1);
      expect(list.filter((d) => !d.available).map((d) => d._id)).toEqual(['doc09']);
      expect(list.some((d) => !d.experience)).toBe(true);
      expect(list.some((d) => !d.location)).toBe(true);
    });
  });

});

afterAll(() => stopTestCluster());
