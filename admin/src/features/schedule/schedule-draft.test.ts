import { DEFAULT_SCHEDULE, type Schedule } from '@carebook/shared';
import { dayHours, draftProblem, END_TIMES, nextRange, START_TIMES } from './schedule-draft';

const withMonday = (mon: Schedule['weekly']['mon'], timeOff: Schedule['timeOff'] = []): Schedule => ({
  weekly: { ...DEFAULT_SCHEDULE.weekly, mon },
  timeOff,
});

describe('schedule drafts', () => {
  it('offers only the half-hour grid, ends up to midnight', () => {
    expect([START_TIMES[0], START_TIMES.at(-1), START_TIMES.length]).toEqual(['00:00', '23:30', 48]);
    expect([END_TIMES[0], END_TIMES.at(-1)]).toEqual(['00:30', '24:00']);
  });

  it('names the problem the way staff read the form', () => {
    expect(draftProblem(DEFAULT_SCHEDULE)).toBeNull();
    expect(draftProblem(withMonday([{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }]))).toBe(
      'Monday, hours 2 overlaps Monday, hours 1 (09:00-12:00)',
    );
    expect(draftProblem(withMonday([{ start: '12:00', end: '09:00' }]))).toBe("Monday, hours 1, end must be after the range's start (12:00)");
    expect(draftProblem(withMonday([], [{ from: '2026-12-26', to: '2026-12-24' }]))).toBe(
      "Time off 1, from must not be after the range's to (2026-12-24)",
    );
  });

  it('suggests a new range after the last one, or the usual hours', () => {
    expect(nextRange(withMonday([]), 'mon')).toEqual({ start: '10:00', end: '21:00' });
    expect(nextRange(withMonday([{ start: '08:00', end: '12:00' }]), 'mon')).toEqual({ start: '12:00', end: '13:00' });
    expect(nextRange(withMonday([{ start: '08:00', end: '23:30' }]), 'mon')).toEqual({ start: '23:30', end: '24:00' });
    expect(nextRange(withMonday([{ start: '08:00', end: '24:00' }]), 'mon')).toEqual({ start: '10:00', end: '21:00' });
  });

  it('summarises a day', () => {
    expect(dayHours(withMonday([{ start: '09:00', end: '12:00' }, { start: '14:00', end: '18:00' }]), 'mon')).toBe('09:00-12:00, 14:00-18:00');
    expect(dayHours(withMonday([]), 'mon')).toBe('No hours');
  });
});
