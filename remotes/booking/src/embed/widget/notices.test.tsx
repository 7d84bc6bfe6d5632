import { act, render, screen } from '@testing-library/react';
import { activateNoticeTarget, NoticeArea, registerNoticeTarget, toast } from './notices';

describe("the embed build's stand-in for react-toastify", () => {
  it('shows each message in the widget in use, and hands errors on for carebook:error', () => {
    const firstErrors = jest.fn();
    const secondErrors = jest.fn();
    const releaseFirst = registerNoticeTarget('first', firstErrors);
    const releaseSecond = registerNoticeTarget('second', secondErrors);
    render(
      <>
        <section aria-label="first">
          <NoticeArea targetId="first" />
        </section>
        <section aria-label="second">
          <NoticeArea targetId="second" />
        </section>
      </>,
    );

    // The last widget registered is in use until the visitor turns to another.
    act(() => void toast.success('Appointment booked'));
    expect(screen.getByRole('region', { name: 'second' })).toHaveTextContent('Appointment booked');
    expect(screen.getByRole('region', { name: 'first' })).toHaveTextContent('');

    activateNoticeTarget('first');
    act(() => void toast.error('This time has just been booked'));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('This time has just been booked');
    expect(firstErrors).toHaveBeenCalledWith('This time has just been booked');
    expect(secondErrors).not.toHaveBeenCalled();

    releaseFirst();
    act(() => void toast.warning('Please login to book an appointment'));
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('Please login to book an appointment');
    releaseSecond();
  });
});
