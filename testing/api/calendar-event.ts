import ICAL from 'ical.js';

/** The fields of a calendar event the tests check, as an independent reader sees them. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  /** ISO instants in UTC. */
  start: string;
  end: string;
  sequence: number;
  status: unknown;
}

/**
 * Reads an `.ics` text with an independent RFC 5545 parser (ical.js), so tests do not trust our
 * writer; fails the test unless there is exactly one event.
 */
export function parseEvent(text: string): ParsedEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  return {
    uid: event.uid,
    summary: event.summary,
    location: event.location,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    sequence: event.sequence,
    status: events[0]?.getFirstPropertyValue('status'),
  };
}
