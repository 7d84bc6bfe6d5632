import { bookedPath, bookingErrorPath, bookingFormErrorMessage, bookingFormErrorOf, bookingFormKey, pageKeyOf } from './booking-form';
import { MESSAGES, tooManyUpcomingMessage } from './messages';

describe('the booking form', () => {
  it('gives the form and the app one key per page and slot', () => {
    const pageKey = pageKeyOf(new Date('2026-11-28T09:15:00.000Z'));
    expect(pageKey).toBe(String(Date.parse('2026-11-28T09:15:00.000Z')));
    const key = bookingFormKey(pageKey, 'doc03', { slotDate: '29_11_2026', slotTime: '10:30' });
    expect(key).toBe(`page-${pageKey}-doc03-29_11_2026-10:30`);
    expect(key).not.toBe(bookingFormKey(pageKey, 'doc03', { slotDate: '29_11_2026', slotTime: '11:00' }));
    // Printable ASCII, as the API's Idempotency-Key must be.
    expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(pageKeyOf(null)).toBe('');
  });

  it("reads the API's refusals as the app words them", () => {
    expect(bookingFormErrorOf(409, MESSAGES.slotTaken)).toEqual({ code: 'taken', max: null });
    expect(bookingFormErrorOf(409, MESSAGES.sameTimeBooked)).toEqual({ code: 'same-time', max: null });
    expect(bookingFormErrorOf(409, tooManyUpcomingMessage(5))).toEqual({ code: 'cap', max: 5 });
    expect(bookingFormErrorOf(429, MESSAGES.tooManyBookingChanges)).toEqual({ code: 'too-many', max: null });
    expect(bookingFormErrorOf(400, 'That time is in the past')).toEqual({ code: 'gone', max: null });
    expect(bookingFormErrorOf(500, 'boom')).toEqual({ code: 'failed', max: null });
    expect(bookingFormErrorOf(0, MESSAGES.networkError)).toEqual({ code: 'failed', max: null });

    expect(bookingFormErrorMessage('taken')).toBe(MESSAGES.slotTaken);
    expect(bookingFormErrorMessage('cap', 5)).toBe(tooManyUpcomingMessage(5));
    expect(bookingFormErrorMessage('too-many')).toBe(MESSAGES.tooManyBookingChanges);
    // A made-up code says nothing: the page shows only words of ours.
    expect(bookingFormErrorMessage('<script>')).toBeNull();
    expect(bookingFormErrorMessage(null)).toBeNull();
  });

  it('sends the patient back to the doctor with the outcome in the address', () => {
    expect(bookingErrorPath('doc03', '29_11_2026', { code: 'cap', max: 5 })).toBe('/appointment/doc03?date=29_11_2026&error=cap&max=5');
    expect(bookingErrorPath('doc03', '29_11_2026', { code: 'taken', max: null })).toBe('/appointment/doc03?date=29_11_2026&error=taken');
    expect(bookedPath('doc03', { slotDate: '29_11_2026', slotTime: '10:30' }, 'a b')).toBe(
      '/appointment/doc03?date=29_11_2026&time=10:30&booked=a%20b',
    );
  });
});
