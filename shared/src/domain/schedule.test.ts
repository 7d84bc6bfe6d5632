import { MESSAGES } from './messages';
import { DEFAULT_SCHEDULE, SCHEDULE_MESSAGES, validateSchedule, WEEKDAYS, type Schedule, type TimeRange } from './schedule';
import { checkSlot, dayOffLabel, emptyDayMessage, generateSlotDays, SLOT_TIMES, slotFitsSchedule } from './slots';

const at = (iso: string): Date => new Date(iso);
const NO_HOURS = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Schedule['weekly'];
const schedule = (weekly: Partial<Schedule['weekly']>, timeOff: Schedule['timeOff'] = []): Schedule => ({
  weekly: { ...NO_HOURS, ...weekly },
  timeOff,
});
const every = (ranges: TimeRange[]): Partial<Schedule['weekly']> => Object.fromEntries(WEEKDAYS.map((day) => [day, ranges]));

describe('generateSlotDays with a schedule', () => {
  // 24 Nov 2026 is a Tuesday.
  const now = at('2026-11-24T08:00:00Z'); // 08:00 UTC, 09:00 Berlin

  it('gives the default schedule exactly the old row (10:00-20:30 every day)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
    for (const timeZone of zones) {
      for (const iso of ['2026-11-24T08:00:00Z', '2026-11-24T13:30:00Z', '2027-03-28T08:00:00Z', '2026-11-01T14:10:00Z']) {
        const withDefault = generateSlotDays({ now: at(iso), timeZone, schedule: DEFAULT_SCHEDULE });
        expect(withDefault).toEqual(generateSlotDays({ now: at(iso), timeZone }));
        expect(withDefault.slice(1).every((day) => day.working && day.times.join() === SLOT_TIMES.join())).toBe(true);
      }
    }
  });

  it('offers each weekday its own ranges, early mornings included', () => {
    const week = schedule({ tue: [{ start: '07:00', end: '09:00' }, { start: '13:00', end: '14:30' }], wed: [{ start: '20:00', end: '24:00' }] });
    const days = generateSlotDays({ now: at('2026-11-23T12:00:00Z'), timeZone: 'UTC', schedule: week });
    expect(days[1]?.key).toBe('24_11_2026');
    expect(days[1]?.times).toEqual(['07:00', '07:30', '08:00', '08:30', '13:00', '13:30', '14:00']);
    expect(days[2]?.times).toEqual(['20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
  });

  it('tells a day off from a fully booked day', () => {
    const week = schedule({ tue: [{ start: '10:00', end: '11:00' }], wed: [{ start: '10:00', end: '11:00' }] });
    const days = generateSlotDays({ now, timeZone: 'UTC', schedule: week, booked: { '25_11_2026': ['10:00', '10:30'] } });
    expect(days[1]).toMatchObject({ key: '25_11_2026', times: [], working: true, timeOff: false });
    expect(days[2]).toMatchObject({ key: '26_11_2026', times: [], working: false, timeOff: false });
  });

  it('marks time off (inclusive, in the clinic calendar) as not working', () => {
    const away = schedule(every([{ start: '09:00', end: '17:00' }]), [{ from: '2026-11-25', to: '2026-11-26' }]);
    const days = generateSlotDays({ now, timeZone: 'Europe/Berlin', schedule: away });
    expect(days.map((day) => day.timeOff)).toEqual([false, true, true, false, false, false, false]);
    expect(days[1]).toMatchObject({ working: false, times: [] });
    expect(days[3]?.times).toHaveLength(16);
  });

  it('starts today from the next half hour, inside the hours', () => {
    const early = schedule(every([{ start: '06:00', end: '12:00' }]));
    // 08:10 in Berlin: 08:30 is next; 06:00 ... 08:00 are over.
    const today = generateSlotDays({ now: at('2026-11-24T07:10:00Z'), timeZone: 'Europe/Berlin', schedule: early })[0];
    expect(today?.times[0]).toBe('08:30');
    expect(today?.times).toHaveLength(7);
    // 12:00 in Berlin: the day's hours are over, but it is still a working day (none left).
    expect(generateSlotDays({ now: at('2026-11-24T11:00:00Z'), timeZone: 'Europe/Berlin', schedule: early })[0]).toMatchObject({
      times: [],
      working: true,
    });
  });

  it('shows a doctor with no hours at all as not working every day', () => {
    const days = generateSlotDays({ now, timeZone: 'UTC', schedule: schedule({}) });
    expect(days).toHaveLength(7);
    expect(days.every((day) => !day.working && !day.timeOff && day.times.length === 0)).toBe(true);
    expect(checkSlot({ slotDate: '25_11_2026', slotTime: '10:00', now, timeZone: 'UTC', schedule: schedule({}) })).toMatchObject({
      ok: false,
      problem: 'outside-hours',
    });
  });

  describe('on DST days in a non-UTC zone', () => {
    const night = schedule({ sun: [{ start: '01:00', end: '04:00' }] });
    it.each([
      // Spring: the hour from 02:00 is skipped, so its starts do not exist.
      ['Europe/Berlin', '2027-03-27T12:00:00Z', ['01:00', '01:30', '03:00', '03:30']],
      ['America/New_York', '2027-03-13T12:00:00Z', ['01:00', '01:30', '03:00', '03:30']],
      // Autumn: a repeated hour is still one set of starts.
      ['Europe/Berlin', '2026-10-24T12:00:00Z', ['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']],
      ['America/New_York', '2026-10-31T12:00:00Z', ['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']],
    ])('%s, the Sunday after %s: %j', (timeZone, iso, expected) => {
      const sunday = generateSlotDays({ now: at(iso), timeZone, schedule: night })[1];
      expect(sunday?.weekday).toBe(0);
      expect(sunday?.times).toEqual(expected);
    });

    it('refuses a skipped start and accepts the others, as the row does', () => {
      const check = (slotTime: string) =>
        checkSlot({ slotDate: '28_3_2027', slotTime, now: at('2027-03-27T12:00:00Z'), timeZone: 'Europe/Berlin', schedule: night });
      expect(check('02:30')).toMatchObject({ ok: false, problem: 'outside-hours' });
      expect(check('03:00')).toEqual({ ok: true });
    });

    it('counts "today" on the timeline when the clocks go back (Berlin, 25 Oct 2026)', () => {
      const today = (iso: string) => generateSlotDays({ now: at(iso), timeZone: 'Europe/Berlin', schedule: night })[0]?.times;
      expect(today('2026-10-25T00:40:00Z')).toEqual(['02:00', '02:30', '03:00', '03:30']); // 02:40 CEST, first pass
      expect(today('2026-10-25T01:40:00Z')).toEqual(['03:00', '03:30']); // 02:40 CET, second pass
    });

    it('keeps the default day intact across both changes in New York', () => {
      const spring = generateSlotDays({ now: at('2027-03-13T12:00:00Z'), timeZone: 'America/New_York' })[1];
      const autumn = generateSlotDays({ now: at('2026-10-31T12:00:00Z'), timeZone: 'America/New_York' })[1];
      expect(spring?.times).toEqual([...SLOT_TIMES]);
      expect(autumn?.times).toEqual([...SLOT_TIMES]);
    });
  });
});

describe('checkSlot with a schedule', () => {
  const now = at('2026-11-24T08:00:00Z');
  const week = schedule({ wed: [{ start: '08:00', end: '09:00' }] }, [{ from: '2026-11-26', to: '2026-11-30' }]);
  it.each([
    ['25_11_2026', '08:30', null],
    ['25_11_2026', '09:00', MESSAGES.slotOutsideHours], // the range's end is not a start
    ['25_11_2026', '07:30', MESSAGES.slotOutsideHours],
    ['24_11_2026', '10:00', MESSAGES.slotOutsideHours], // Tuesday: no hours
    ['26_11_2026', '08:00', MESSAGES.slotDoctorAway],
    ['30_11_2026', '08:00', MESSAGES.slotDoctorAway],
    ['25_11_2026', '08:15', MESSAGES.slotInvalidTime],
    ['1_12_2026', '08:00', MESSAGES.slotTooFarAhead],
  ])('%s %s -> %p', (slotDate, slotTime, message) => {
    const result = checkSlot({ slotDate, slotTime, now, timeZone: 'UTC', schedule: week });
    expect(result.ok ? null : result.message).toBe(message);
  });

  it('accepts exactly what the row offers, for an uneven schedule in Berlin', () => {
    const uneven = schedule(
      { mon: [{ start: '06:30', end: '08:00' }], tue: [{ start: '09:00', end: '12:00' }, { start: '18:00', end: '22:30' }], sat: [{ start: '00:00', end: '24:00' }] },
      [{ from: '2026-11-27', to: '2026-11-27' }],
    );
    const moment = at('2026-11-24T09:40:00Z'); // 10:40 in Berlin
    const grid = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    for (const day of generateSlotDays({ now: moment, timeZone: 'Europe/Berlin', schedule: uneven })) {
      for (const time of grid) {
        const ok = checkSlot({ slotDate: day.key, slotTime: time, now: moment, timeZone: 'Europe/Berlin', schedule: uneven }).ok;
        expect([day.key, time, ok]).toEqual([day.key, time, day.times.includes(time)]);
      }
    }
  });
});

describe('validateSchedule', () => {
  const valid = {
    weekly: { mon: [{ start: '13:00', end: '17:00' }, { start: '09:00', end: '12:00' }], tue: [], sat: [{ start: '12:00', end: '24:00' }] },
    timeOff: [{ from: '2026-12-24', to: '2026-12-26' }],
  };

  it('accepts a good schedule and tidies it (every weekday, ranges in order)', () => {
    const result = validateSchedule(valid);
    expect(result).toEqual({
      ok: true,
      schedule: schedule(
        { mon: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }], sat: [{ start: '12:00', end: '24:00' }] },
        [{ from: '2026-12-24', to: '2026-12-26' }],
      ),
    });
  });

  it('accepts ranges that touch, a one-day time off, and no time off at all', () => {
    expect(validateSchedule({ weekly: { fri: [{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }] } }).ok).toBe(true);
    expect(validateSchedule({ weekly: {}, timeOff: [{ from: '2026-12-24', to: '2026-12-24' }] }).ok).toBe(true);
    expect(validateSchedule(DEFAULT_SCHEDULE)).toEqual({ ok: true, schedule: DEFAULT_SCHEDULE });
  });

  it.each([
    ['not an object', 'x', '', SCHEDULE_MESSAGES.notObject],
    ['weekly missing', { timeOff: [] }, 'weekly', SCHEDULE_MESSAGES.weeklyNotObject],
    ['an unknown weekday', { weekly: { tues: [] } }, 'weekly.tues', SCHEDULE_MESSAGES.unknownWeekday('tues')],
    ['a day that is not a list', { weekly: { mon: 'all day' } }, 'weekly.mon', SCHEDULE_MESSAGES.dayNotList('mon')],
    ['a range that is not an object', { weekly: { mon: ['09:00'] } }, 'weekly.mon[0]', SCHEDULE_MESSAGES.rangeNotObject('weekly.mon[0]')],
    ['a start off the grid', { weekly: { wed: [{ start: '09:15', end: '12:00' }] } }, 'weekly.wed[0].start', SCHEDULE_MESSAGES.offGrid('weekly.wed[0].start')],
    ['a start that is no time', { weekly: { wed: [{ start: '9:00', end: '12:00' }] } }, 'weekly.wed[0].start', SCHEDULE_MESSAGES.offGrid('weekly.wed[0].start')],
    ['an end off the grid', { weekly: { wed: [{ start: '09:00', end: '12:45' }] } }, 'weekly.wed[0].end', SCHEDULE_MESSAGES.offGridEnd('weekly.wed[0].end')],
    ['an end past midnight', { weekly: { wed: [{ start: '09:00', end: '24:30' }] } }, 'weekly.wed[0].end', SCHEDULE_MESSAGES.offGridEnd('weekly.wed[0].end')],
    ['an end before its start', { weekly: { thu: [{ start: '12:00', end: '09:00' }] } }, 'weekly.thu[0].end', SCHEDULE_MESSAGES.endBeforeStart('weekly.thu[0].end', '12:00')],
    ['an empty range', { weekly: { thu: [{ start: '12:00', end: '12:00' }] } }, 'weekly.thu[0].end', SCHEDULE_MESSAGES.endBeforeStart('weekly.thu[0].end', '12:00')],
    [
      'overlapping ranges',
      { weekly: { fri: [{ start: '09:00', end: '12:00' }, { start: '11:30', end: '14:00' }] } },
      'weekly.fri[1]',
      SCHEDULE_MESSAGES.overlap('weekly.fri[1]', 'weekly.fri[0]', { start: '09:00', end: '12:00' }),
    ],
    ['too many ranges', { weekly: { sun: Array.from({ length: 13 }, (_, i) => ({ start: `${String(i).padStart(2, '0')}:00`, end: `${String(i).padStart(2, '0')}:30` })) } }, 'weekly.sun', SCHEDULE_MESSAGES.tooManyRanges('sun')],
    ['time off not a list', { weekly: {}, timeOff: {} }, 'timeOff', SCHEDULE_MESSAGES.timeOffNotList],
    ['a time off from that is not a day', { weekly: {}, timeOff: [{ from: '2026-02-30', to: '2026-03-01' }] }, 'timeOff[0].from', SCHEDULE_MESSAGES.notADay('timeOff[0].from')],
    ['a time off to missing', { weekly: {}, timeOff: [{ from: '2026-02-01' }] }, 'timeOff[0].to', SCHEDULE_MESSAGES.notADay('timeOff[0].to')],
    ['a from after its to', { weekly: {}, timeOff: [{ from: '2026-12-01', to: '2026-12-02' }, { from: '2026-12-27', to: '2026-12-24' }] }, 'timeOff[1].from', SCHEDULE_MESSAGES.fromAfterTo('timeOff[1].from', '2026-12-24')],
  ])('refuses %s, naming the field', (_, input, field, message) => {
    const result = validateSchedule(input);
    expect(result).toEqual({ ok: false, field, message });
    if (field !== '') expect(message).toContain(field);
  });
});

describe('slotFitsSchedule', () => {
  const week = schedule({ wed: [{ start: '08:00', end: '09:00' }] }, [{ from: '2026-12-02', to: '2026-12-02' }]);
  it.each([
    ['25_11_2026', '08:30', true],
    ['25_11_2026', '09:00', false],
    ['26_11_2026', '08:30', false], // Thursday: no hours
    ['2_12_2026', '08:30', false], // a Wednesday off
    ['9_12_2026', '08:00', true], // beyond the booking window still counts
    ['junk', '08:00', false],
  ])('%s %s -> %p', (slotDate, slotTime, expected) => {
    expect(slotFitsSchedule(week, slotDate, slotTime, 'Europe/Berlin')).toBe(expected);
  });
});

describe('the words for a day without times', () => {
  it.each([
    [{ working: true, timeOff: false }, MESSAGES.noSlotsLeft, null],
    [{ working: false, timeOff: false }, MESSAGES.doctorNotWorking, 'Off'],
    [{ working: false, timeOff: true }, MESSAGES.doctorAway, 'Away'],
  ])('%j -> %s', (day, message, label) => {
    expect(emptyDayMessage(day)).toBe(message);
    expect(dayOffLabel(day)).toBe(label);
  });
});
