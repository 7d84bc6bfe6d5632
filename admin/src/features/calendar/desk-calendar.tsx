import { useCallback, useMemo, type ReactNode, type SyntheticEvent } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { Calendar, dayjsLocalizer, type Formats, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar-theme.css';
import type { Doctor } from '@carebook/shared';
import { type DeskEvent, STATE_LABELS, workingHours } from './calendar-model';

// Weeks start on Monday, as a clinic's rota does (the en-gb locale's first day).
dayjs.locale('en-gb');
const localizer = dayjsLocalizer(dayjs);
const DnDCalendar = withDragAndDrop<DeskEvent, Doctor>(Calendar);

/** 24-hour times, as the clinic's hours are written everywhere else in the admin app. */
const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start }) => dayjs(start).format('HH:mm'),
  dayHeaderFormat: 'dddd D MMMM YYYY',
  dayFormat: 'ddd D MMM',
};

export type DeskView = 'day' | 'week';

export interface DeskCalendarProps {
  view: DeskView;
  date: Date;
  /** Day view: one column each. Week view: the one doctor shown. */
  doctors: readonly Doctor[];
  events: DeskEvent[];
  timeZone: string;
  /** The first and last hour of the grid, minutes past midnight. */
  hours: { first: number; last: number };
  now: () => Date;
  onOpen: (event: DeskEvent) => void;
  onDrop: (event: DeskEvent, start: Date, doctorId: string | null) => void;
  canDrag: (event: DeskEvent) => boolean;
}

/**
 * A block's text: the patient and the state (or "Free"), and for screen readers and the keyboard
 * also the time and the doctor, so every block's name says which one it is.
 */
function EventLabel({ event }: { event: DeskEvent }): ReactNode {
  const context = `${dayjs(event.start).format('ddd D MMM HH:mm')}, ${event.doctorName}`;
  if (event.kind === 'free') {
    return (
      <>
        <span className="desk-event-title">Free</span>
        <span className="desk-hidden">
          {' '}
          {context}: book
        </span>
      </>
    );
  }
  return (
    <>
      <span className="desk-event-title">{event.title}</span> <span className="desk-event-state">{STATE_LABELS[event.state]}</span>
      <span className="desk-hidden">, {context}</span>
    </>
  );
}

// The calendar's props that never change are made once, so a redraw of the page (a poll's new list,
// a dialog opening) does not make react-big-calendar redo its layout for new functions.
const COMPONENTS = { event: EventLabel };
const VIEWS: View[] = ['day', 'week'];
const ignore = (): void => undefined;
const doctorId = (doctor: Doctor): string => doctor._id;
const doctorTitle = (doctor: Doctor): string => `${doctor.name}, ${doctor.specialization}`;
const eventProps = (event: DeskEvent) => ({ className: event.kind === 'free' ? 'desk-free' : `desk-visit desk-${event.state}` });
const tooltip = (event: DeskEvent): string => (event.kind === 'free' ? 'Free time: book a caller' : `${event.title}, ${STATE_LABELS[event.state]}`);

/**
 * The grid itself, on react-big-calendar: the day view with a column per doctor (resources), the
 * week view for one doctor, 30-minute rows, the current time marked, working hours and time off
 * shaded (`slotPropGetter`), and visits dragged to another time (its drag-and-drop addon).
 */
export function DeskCalendar(props: DeskCalendarProps): ReactNode {
  const { view, date, doctors, events, timeZone, hours, now, onOpen, onDrop, canDrag } = props;
  const works = useMemo(() => workingHours(doctors, timeZone), [doctors, timeZone]);
  const single = view === 'week' ? (doctors[0]?._id ?? '') : null;
  const slotProps = useCallback(
    (slot: Date, resourceId?: string | number) => {
      // The time gutter asks without a column (day view): it is never shaded.
      if (single === null && resourceId === undefined) return {};
      return works(slot, single ?? String(resourceId)) ? {} : { className: 'desk-off' };
    },
    [works, single],
  );
  const resources = useMemo(() => (single === null ? [...doctors] : undefined), [single, doctors]);
  const min = useMemo(() => new Date(2000, 0, 1, Math.floor(hours.first / 60), hours.first % 60), [hours.first]);
  const max = useMemo(() => new Date(2000, 0, 1, Math.floor(hours.last / 60), hours.last % 60), [hours.last]);
  const onKey = useCallback(
    (event: DeskEvent, e: SyntheticEvent<HTMLElement>) => {
      const key = (e.nativeEvent as KeyboardEvent).key;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        onOpen(event);
      }
    },
    [onOpen],
  );
  const onEventDrop = useCallback(
    ({ event, start, resourceId }: EventInteractionArgs<DeskEvent>) => {
      onDrop(event, new Date(start), single === null && resourceId !== undefined ? String(resourceId) : null);
    },
    [onDrop, single],
  );
  return (
    <DnDCalendar
      localizer={localizer}
      formats={FORMATS}
      events={events}
      date={date}
      view={view as View}
      views={VIEWS}
      onView={ignore}
      onNavigate={ignore}
      toolbar={false}
      resources={resources}
      resourceIdAccessor={doctorId}
      resourceTitleAccessor={doctorTitle}
      min={min}
      max={max}
      step={30}
      timeslots={1}
      getNow={now}
      scrollToTime={min}
      slotPropGetter={slotProps}
      eventPropGetter={eventProps}
      components={COMPONENTS}
      onSelectEvent={onOpen}
      onKeyPressEvent={onKey}
      onEventDrop={onEventDrop}
      draggableAccessor={canDrag}
      resizable={false}
      dayLayoutAlgorithm="no-overlap"
      tooltipAccessor={tooltip}
    />
  );
}
