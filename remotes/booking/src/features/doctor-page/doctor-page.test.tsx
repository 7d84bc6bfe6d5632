import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { ApiError, generateSlotDays, MESSAGES, formatSlotLabel } from '@carebook/shared';
import { renderWithApp, stubApi } from '../../../../../jest/render-with-app';
import { makeDoctor, postReplying } from '../../testing/doctor-fixture';
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
  await user.click(screen.getByRole('button', { name: formatSlotLabel(day, '10:00').split(',')[0] }));
  await user.click(screen.getByRole('button', { name: formatSlotLabel(day, time) }));
  return day;
}

beforeEach(() => {
  jest.spyOn(toast, 'warning').mockImplementation(() => 'id');
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => jest.restoreAllMocks());

describe('DoctorPage', () => {
  it('shows the doctor: name, degree, specialization, experience, about, fee, photo', () => {
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor] } });
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
    const post = postReplying({ success: true, message: 'Appointment booked' });
    renderWithApp(<DoctorPage />, {
      route: `/appointment/doc01?date=${day.key}&time=11:30`,
      path: '/appointment/:docId',
      app: { doctors: [doctor], token: 't', api: stubApi({ post }) },
    });
    expect(screen.getByText(`Selected: ${formatSlotLabel(day, '11:30')}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/book-appointment', { docId: 'doc01', slotDate: day.key, slotTime: '11:30' });
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
    expect(within(screen.getByRole('group', { name: 'Day' })).getAllByRole('button')).toHaveLength(7);
    const book = screen.getByRole('button', { name: 'Book Appointment' });
    expect(book).toBeDisabled();
    const day = await pickTomorrow(user, '14:30');
    expect(screen.getByRole('button', { name: formatSlotLabel(day, '14:30') })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(`Selected: ${formatSlotLabel(day, '14:30')}`)).toBeInTheDocument();
    expect(book).toBeEnabled();
  });

  it('hides booked times and says when a day has none left', async () => {
    const user = userEvent.setup();
    const day = tomorrow();
    const allTaken = makeDoctor('doc01', { slots_booked: { [day.key]: [...day.times] } });
    renderWithApp(<DoctorPage />, { ...route, app: { doctors: [allTaken] } });
    await user.click(screen.getByRole('button', { name: formatSlotLabel(day, '10:00').split(',')[0] }));
    expect(screen.getByText(MESSAGES.noSlotsLeft)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: formatSlotLabel(day, '10:00') })).not.toBeInTheDocument();
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

  it('books for a patient, shows the server message, reloads doctors and goes to my appointments', async () => {
    const user = userEvent.setup();
    const post = postReplying({ success: true, message: 'Appointment booked' });
    const { app } = renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], token: 't', api: stubApi({ post }) } });
    const day = await pickTomorrow(user, '14:30');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/book-appointment', { docId: 'doc01', slotDate: day.key, slotTime: '14:30' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-appointments'));
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
    expect(screen.queryByRole('button', { name: formatSlotLabel(day, '14:30') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeDisabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  describe('with a fixed clock', () => {
    afterEach(() => jest.useRealTimers());

    it('lays out slots in the clinic zone, not the browser zone (runner is UTC)', () => {
      // 12:00Z on 24 November is already 01:00 on the 25th in Auckland.
      jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') });
      renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], clinic: { timeZone: 'Pacific/Auckland' } } });
      expect(screen.getByRole('button', { name: 'Wednesday 25 November' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Tuesday 1 December' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Wednesday 25 November, 10:00' })).toBeInTheDocument();
      expect(screen.getByText("Times are in the clinic's time zone (Pacific/Auckland).")).toBeInTheDocument();
    });

    it("starts today at the next half hour of the clinic's clock", () => {
      // 04:45Z is 10:15 in Kolkata (UTC+5:30).
      jest.useFakeTimers({ now: new Date('2026-11-24T04:45:00Z') });
      renderWithApp(<DoctorPage />, { ...route, app: { doctors: [doctor], clinic: { timeZone: 'Asia/Kolkata' } } });
      const times = within(screen.getByRole('group', { name: 'Times on Tuesday 24 November' })).getAllByRole('button');
      expect(times[0]).toHaveAccessibleName('Tuesday 24 November, 10:30');
      expect(times).toHaveLength(21); // 10:30 ... 20:30
    });
  });
});
