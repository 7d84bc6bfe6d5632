import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, DEFAULT_SCHEDULE, formatShortDay, formatTime, generateSlotDays, MESSAGES, toIsoDate } from '@carebook/shared';
import { renderWithApp, stubApi, makeDoctor, apiCall } from '@carebook/testing';
import DoctorPage from './doctor-page';

const route = { route: '/appointment/doc01', path: '/appointment/:docId' };
const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist', degree: 'MBBS, MD', experience: '12 Years', fees: 60 });

/** Tomorrow's first free slot in the clinic zone, the one the tests pick. */
function tomorrow(timeZone = 'UTC') {
  const day = generateSlotDays({ now: new Date(), timeZone, booked: doctor.slots_booked })[1];
  if (!day) throw new Error('no tomorrow');
  return day;
}

async function pickTomorrow(user: ReturnType<typeof userEvent.setup>, time = '10:00') {
  const day = tomorrow();
  await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
  await user.click(screen.getByRole('radio', { name: formatTime(time) }));
  return day;
}

/** The summary line beside Book ("Selected: Tue 24 Nov · 2:30 PM", its prefix for screen readers). */
const summary = () => screen.getByText((_, element) => element?.tagName === 'P' && /^(Selected:|No time)/.test(element.textContent ?? ''));

beforeEach(() => {
  jest.spyOn(toast, 'warning').mockImplementation(() => 'id');
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => jest.restoreAllMocks());

describe('DoctorPage', () => {
  it('shows the doctor: name, degree, specialization, experience, about, fee, photo, and no invented rating', () => {
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor] } });
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dr. Amara Lindqvist' })).toBeInTheDocument();
    expect(screen.getByText('MBBS, MD')).toBeInTheDocument();
    expect(screen.getByText('General Physician')).toBeInTheDocument();
    expect(screen.getByText('12 Years experience')).toBeInTheDocument();
    expect(screen.getByText('About doc01.')).toBeInTheDocument();
    expect(screen.getByText('$60')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portrait of Dr. Amara Lindqvist' })).toBeInTheDocument();
  });

  it("titles the page with the doctor's name and specialization, or says the doctor was not found", () => {
    const { unmount } = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor] } });
    expect(document.title).toBe('Dr. Amara Lindqvist · General Physician · CareBook');
    unmount();
    renderWithApp(<DoctorPage />, { route: '/appointment/nobody', path: '/appointment/:docId', app: { doctors: [doctor] } });
    expect(document.title).toBe('Doctor not found · CareBook');
  });

  it('restores a day and time from the address, so one tap books after login', async () => {
    const user = userEvent.setup();
    const day = tomorrow();
    const post = apiCall(() => ({ success: true, message: 'Appointment booked' }));
    renderWithApp(<DoctorPage />, {
      route: `/appointment/doc01?date=${day.key}&time=11:30`,
      path: '/appointment/:docId',
      app: { doctors: [doctor], token: 't', api: stubApi({ post }) },
    });
    expect(summary()).toHaveTextContent(`Selected: ${formatShortDay(day)} · 11:30 AM`);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/book-appointment', { docId: 'doc01', slotDate: day.key, slotTime: '11:30' }, { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('says when the time kept through login was taken meanwhile', () => {
    const day = tomorrow();
    const taken = { ...doctor, slots_booked: { [day.key]: ['11:30'] } };
    renderWithApp(<DoctorPage />, {
      route: `/appointment/doc01?date=${day.key}&time=11:30`,
      path: '/appointment/:docId',
      app: { doctors: [taken], token: 't' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.chosenSlotGone);
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();
  });

  it('shows a loading state on a deep link before the doctor list arrives', () => {
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [], doctorsStatus: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading doctor…');
  });

  it('says an unknown doctor was not found, with a way back to the list', () => {
    renderWithApp(<DoctorPage />, { route: '/appointment/nobody', path: '/appointment/:docId', app: { doctors: [doctor] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Doctor not found');
    expect(screen.getByRole('link', { name: 'See all doctors' })).toHaveAttribute('href', '/doctors');
  });

  it('offers 7 days and keeps Book disabled until a time is chosen', async () => {
    const user = userEvent.setup();
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't' } });
    expect(within(screen.getByRole('radiogroup', { name: 'Day' })).getAllByRole('radio')).toHaveLength(7);
    const book = screen.getByRole('button', { name: 'Book Appointment' });
    expect(book).toBeDisabled();
    const day = await pickTomorrow(user, '14:30');
    expect(screen.getByRole('radio', { name: '2:30 PM' })).toBeChecked();
    expect(summary()).toHaveTextContent(`Selected: ${formatShortDay(day)} · 2:30 PM`);
    expect(book).toBeEnabled();
  });

  it('hides booked times and says when a day has none left', async () => {
    const user = userEvent.setup();
    const day = tomorrow();
    const allTaken = makeDoctor('doc01', { slots_booked: { [day.key]: [...day.times] } });
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [allTaken] } });
    await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
    expect(screen.getByText(MESSAGES.noSlotsLeft)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '10:00 AM' })).not.toBeInTheDocument();
  });

  it('sends a visitor to login with a way back to this doctor', async () => {
    const user = userEvent.setup();
    const post = jest.fn();
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: null, api: stubApi({ post }) } });
    await pickTomorrow(user);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(toast.warning).toHaveBeenCalledWith(MESSAGES.loginToBook, { toastId: 'login-to-book' });
    // The chosen day and time ride along, so the doctor page can restore them after login.
    const next = encodeURIComponent(`/appointment/doc01?date=${tomorrow().key}&time=10:00`);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?next=${next}`);
    expect(post).not.toHaveBeenCalled();
  });

  it('books for a patient, shows the server message, reloads doctors and confirms in place', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => ({ success: true, message: 'Appointment booked', appointmentId: 'a1' }));
    const { app } = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't', api: stubApi({ post }) } });
    const day = await pickTomorrow(user, '14:30');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/book-appointment', { docId: 'doc01', slotDate: day.key, slotTime: '14:30' }, { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await screen.findByRole('heading', { name: /Your appointment is booked/ })).toHaveFocus();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Appointment booked');
    expect(app.reloadDoctors).toHaveBeenCalled();
  });

  it('on a refusal shows the server message, refreshes, hides the taken time and clears the choice', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => {
      throw new ApiError(MESSAGES.slotTaken, 409);
    });
    const { app } = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't', api: stubApi({ post }) } });
    const day = await pickTomorrow(user, '14:30');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.slotTaken));
    expect(app.reloadDoctors).toHaveBeenCalled();
    expect(screen.queryByRole('radio', { name: formatTime('14:30') })).not.toBeInTheDocument();
    expect(day.key).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('moves through days and times with the arrow keys, one Tab stop per group', async () => {
    const user = userEvent.setup();
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't' } });
    const days = screen.getAllByRole('radio', { name: /^\w{3} \d{1,2} \w{3}$/ });
    expect(days.filter((day) => day.tabIndex === 0)).toHaveLength(1);
    days[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(days[1]).toHaveFocus();
    expect(days[1]).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(days[6]).toHaveFocus();

    await user.tab();
    const first = screen.getByRole('radio', { name: '10:00 AM' });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '10:30 AM' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
  });

  describe('with a fixed clock', () => {
    afterEach(() => jest.useRealTimers());

    it('lays out slots in the clinic zone, not the browser zone (runner is UTC)', () => {
      // 12:00Z on 24 November is already 01:00 on the 25th in Auckland.
      jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
      renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], clinic: { timeZone: 'Pacific/Auckland' } } });
      expect(screen.getByRole('radio', { name: 'Wed 25 Nov' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('radio', { name: 'Tue 1 Dec' })).toBeInTheDocument();
      const times = screen.getByRole('radiogroup', { name: 'Times on Wednesday 25 November' });
      expect(within(times).getByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
      expect(screen.getByText("Times are in the clinic's time zone (Pacific/Auckland).")).toBeInTheDocument();
    });

    it('opens on the day of the first free time when today has none left', () => {
      // 15:45Z is 21:15 in Kolkata: today is over, so tomorrow is shown first, as the cards' "Next:" says.
      jest.useFakeTimers({ now: new Date('2026-11-24T15:45:00Z') });
      renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], clinic: { timeZone: 'Asia/Kolkata' } } });
      expect(screen.getByRole('radio', { name: 'Wed 25 Nov' })).toHaveAttribute('aria-checked', 'true');
      const times = screen.getByRole('radiogroup', { name: 'Times on Wednesday 25 November' });
      expect(within(times).getByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
    });

    it("starts today at the next half hour of the clinic's clock", () => {
      // 04:45Z is 10:15 in Kolkata (UTC+5:30).
      jest.useFakeTimers({ now: new Date('2026-11-24T04:45:00Z') });
      renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], clinic: { timeZone: 'Asia/Kolkata' } } });
      const times = within(screen.getByRole('radiogroup', { name: 'Times on Tuesday 24 November' })).getAllByRole('radio');
      expect(times[0]).toHaveAccessibleName('10:30 AM');
      expect(times).toHaveLength(21); // 10:30 ... 20:30
    });
  });

  it('shows a day the doctor does not work, and a day off, in words instead of an empty list', async () => {
    const user = userEvent.setup();
    const [today, second, third] = generateSlotDays({ now: new Date(), timeZone: 'UTC' });
    if (!today || !second || !third) throw new Error('no days');
    const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
    const weekly = { ...DEFAULT_SCHEDULE.weekly, [weekdays[second.weekday] as string]: [] };
    const iso = toIsoDate(third);
    const parttime = { ...doctor, schedule: { weekly, timeOff: [{ from: iso, to: iso }] } };
    const { app } = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [parttime] } });
    await user.click(screen.getByRole('radio', { name: `${formatShortDay(second)} Off` }));
    expect(screen.getByText(MESSAGES.doctorNotWorking)).toBeInTheDocument();
    expect(app.reloadDoctors).toHaveBeenCalled(); // picking a day fetches the hours again
    await user.click(screen.getByRole('radio', { name: `${formatShortDay(third)} Away` }));
    expect(screen.getByText(MESSAGES.doctorAway)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noSlotsLeft)).not.toBeInTheDocument();
  });
});
