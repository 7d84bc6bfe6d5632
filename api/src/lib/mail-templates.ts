import { type AppointmentDoctor, earlierTimePath, formatAppointmentTime, ROUTES } from '@carebook/shared';
import type { RenderedMail } from '../repositories/mail-outbox-repository';
import { appointmentCalendar } from './appointment-calendar';

// What a template renders is what the outbox stores (the repository names it, one folder down).
export type { RenderedMail };

/** What every appointment email says: whose visit, with whom, when and where. */
export interface AppointmentFacts {
  appointmentId: string;
  patientName: string;
  doctor: AppointmentDoctor;
  slotDate: string;
  slotTime: string;
  revision: number;
  cancelled: boolean;
}

export interface MailSettings {
  timeZone: string;
  siteUrl: string;
  now: Date;
}

export type CancelledBy = 'patient' | 'clinic';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `Tue 24 Nov 2026, 2:30 PM (Europe/Berlin time)`: the site's 12-hour times, in the clinic's zone. */
export function whenLabel(slotDate: string, slotTime: string, timeZone: string): string {
  return `${formatAppointmentTime(slotDate, slotTime)} (${timeZone} time)`;
}

function addressOf(doctor: AppointmentDoctor): string {
  return [doctor.address.line1, doctor.address.line2].map((line) => line.trim()).filter(Boolean).join(', ');
}

/**
 * Builds both bodies from one list of paragraphs, so the text and HTML parts never say different
 * things. A paragraph is plain text; `link` paragraphs become a link in HTML and a bare URL in text.
 */
type Paragraph = string | { label: string; href: string } | { facts: [string, string][] };

function bodies(greeting: string, paragraphs: Paragraph[]): { text: string; html: string } {
  const text: string[] = [greeting, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const p of paragraphs) {
    if (typeof p === 'string') {
      text.push(p, '');
      html.push(`<p>${escapeHtml(p)}</p>`);
    } else if ('href' in p) {
      text.push(`${p.label}: ${p.href}`, '');
      html.push(`<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></p>`);
    } else {
      for (const [name, value] of p.facts) text.push(`${name}: ${value}`);
      text.push('');
      const rows = p.facts.map(([name, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`);
      html.push(`<table role="presentation" style="border-collapse:collapse">${rows.join('')}</table>`);
    }
  }
  text.push('CareBook');
  html.push('<p>CareBook</p>');
  return {
    text: `${text.join('\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">${html.join('\n')}</body></html>\n`,
  };
}

function visitFacts(facts: AppointmentFacts, settings: MailSettings): { facts: [string, string][] } {
  const rows: [string, string][] = [
    ['Doctor', `${facts.doctor.name} (${facts.doctor.specialization})`],
    ['When', whenLabel(facts.slotDate, facts.slotTime, settings.timeZone)],
    ['Length', '30 minutes'],
  ];
  const address = addressOf(facts.doctor);
  if (address) rows.push(['Where', address]);
  return { facts: rows };
}

function myAppointments(settings: MailSettings): Paragraph {
  return { label: 'See your appointments', href: `${settings.siteUrl}${ROUTES.myAppointments}` };
}

/** The same event as the site's Add to calendar: same UID, SEQUENCE raised by each move and by a cancel. */
function calendarOf(facts: AppointmentFacts, settings: MailSettings): string | null {
  return appointmentCalendar(
    {
      id: facts.appointmentId,
      doctor_id: facts.doctor._id,
      slot_date: facts.slotDate,
      slot_time: facts.slotTime,
      doc_data: facts.doctor,
      cancelled: facts.cancelled,
      is_completed: false,
      revision: facts.revision,
    },
    settings.timeZone,
    settings.now,
  );
}

export function bookedMail(facts: AppointmentFacts, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  return {
    subject: `Your appointment with ${facts.doctor.name} on ${when} is booked`,
    ...bodies(`Hello ${facts.patientName},`, [
      'Your appointment is booked. Here are the details:',
      visitFacts(facts, settings),
      'The attached calendar file adds the visit to your calendar. If you cannot come, please cancel it on the site so someone else can have the time.',
      myAppointments(settings),
    ]),
    ics: calendarOf(facts, settings),
  };
}

export function movedMail(facts: AppointmentFacts, previous: { slotDate: string; slotTime: string }, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  return {
    subject: `Your appointment with ${facts.doctor.name} is moved to ${when}`,
    ...bodies(`Hello ${facts.patientName},`, [
      `Your appointment has moved from ${whenLabel(previous.slotDate, previous.slotTime, settings.timeZone)} to a new time:`,
      visitFacts(facts, settings),
      'Open the attached calendar file to update the event in your calendar: it replaces the old time.',
      myAppointments(settings),
    ]),
    ics: calendarOf(facts, settings),
  };
}

export function cancelledMail(facts: AppointmentFacts, by: CancelledBy, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  const opening =
    by === 'clinic'
      ? 'We are sorry: the clinic has had to cancel your appointment. You did not cancel it yourself, and nothing is charged for it.'
      : 'You cancelled your appointment. This email confirms it:';
  return {
    subject: by === 'clinic' ? `The clinic cancelled your appointment on ${when}` : `Your appointment on ${when} is cancelled`,
    ...bodies(`Hello ${facts.patientName},`, [
      opening,
      visitFacts(facts, settings),
      'The attached calendar file removes the visit from your calendar.',
      by === 'clinic' ? 'Please book another time whenever suits you:' : 'You can book another time whenever you like:',
      { label: 'Book another appointment', href: `${settings.siteUrl}${ROUTES.doctors}` },
    ]),
    ics: calendarOf(facts, settings),
  };
}

export function reminderMail(facts: AppointmentFacts, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  return {
    subject: `Reminder: your appointment with ${facts.doctor.name} on ${when}`,
    ...bodies(`Hello ${facts.patientName},`, [
      'A reminder of your coming appointment:',
      visitFacts(facts, settings),
      'If you cannot come, please cancel or move it on the site so someone else can have the time.',
      myAppointments(settings),
    ]),
    ics: null,
  };
}

/**
 * A schedule change left the visit outside the doctor's times: the visit is kept, and the patient
 * chooses to keep it or move it. The reminder waits until they (or the clinic) have decided.
 */
export function strandedMail(facts: AppointmentFacts, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  return {
    subject: `Please check your appointment with ${facts.doctor.name} on ${when}`,
    ...bodies(`Hello ${facts.patientName},`, [
      `${facts.doctor.name}'s hours have changed, and your appointment is now outside them. It is still booked: nothing has been cancelled.`,
      visitFacts(facts, settings),
      'Please tell us what you would like. On your appointments page you can keep this time (the clinic then confirms it with the doctor) or move it to another free time with the same doctor. If you do neither, the clinic will contact you.',
      { label: 'Keep or move your appointment', href: `${settings.siteUrl}${ROUTES.myAppointments}` },
      'We will not send the usual reminder for this visit until it is settled.',
    ]),
    ics: null,
  };
}

/** What an earlier-time offer says: the freed time, and the visit it would replace (if any). */
export interface OfferFacts {
  offerId: string;
  patientName: string;
  doctor: AppointmentDoctor;
  slotDate: string;
  slotTime: string;
  current: { slotDate: string; slotTime: string } | null;
}

export function earlierTimeMail(facts: OfferFacts, settings: MailSettings): RenderedMail {
  const when = formatAppointmentTime(facts.slotDate, facts.slotTime);
  const swap = facts.current
    ? `Taking it moves your visit from ${whenLabel(facts.current.slotDate, facts.current.slotTime, settings.timeZone)} to this time, and frees your old time for someone else.`
    : 'Taking it books this time for you.';
  return {
    subject: `An earlier time with ${facts.doctor.name}: ${when}`,
    ...bodies(`Hello ${facts.patientName},`, [
      'You asked us to tell you when an earlier time frees up. One just did:',
      visitFacts({ appointmentId: facts.offerId, patientName: facts.patientName, doctor: facts.doctor, slotDate: facts.slotDate, slotTime: facts.slotTime, revision: 0, cancelled: false }, settings),
      swap,
      'Everyone waiting for this doctor hears of it at the same moment, and the first to take it gets it. If it is gone when you tap, you keep what you have.',
      { label: 'Take this time', href: `${settings.siteUrl}${earlierTimePath(facts.offerId)}` },
      'The link works until the time is taken or starts.',
    ]),
    ics: null,
  };
}

/** How long a reset link works, in minutes. */
export const RESET_LINK_MINUTES = 30;

/** The reset link carries the token in the fragment, which browsers never send to a server or in a Referer. */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}/reset-password#token=${token}`;
}

/** Stored in the outbox with the request; the text, with its link, only exists while it is sent. */
export const PASSWORD_RESET_SUBJECT = 'Choose a new CareBook password';

export function passwordResetMail(name: string, link: string): RenderedMail {
  return {
    subject: PASSWORD_RESET_SUBJECT,
    ...bodies(`Hello ${name},`, [
      'Someone, probably you, asked to choose a new password for your CareBook account. Follow this link to choose one:',
      { label: 'Choose a new password', href: link },
      `The link works once, for ${RESET_LINK_MINUTES} minutes from your request, and only the newest link sent to you works. Choosing a new password logs you out on every other device.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]),
    ics: null,
  };
}

/** How long the link in a new patient's invitation works, in days: past any visit booked with it. */
export const INVITE_LINK_DAYS = 14;
export const INVITE_SUBJECT = 'Your CareBook account: choose a password';

/** To a patient the clinic made an account for: choose a password to see and manage the visit online. */
export function inviteMail(name: string, link: string): RenderedMail {
  return {
    subject: INVITE_SUBJECT,
    ...bodies(`Hello ${name},`, [
      'The clinic has booked your visit by phone and opened a CareBook account for you with this email address. A separate email has the visit itself.',
      'Choose a password to see your appointments online, move or cancel them, and book the next one yourself:',
      { label: 'Choose your password', href: link },
      `The link works once, for ${INVITE_LINK_DAYS} days. If it has run out, use "Forgot password?" on the login page with this email address.`,
      'If you did not expect this email, you may ignore it: nobody can use the account without choosing its password through this link.',
    ]),
    ics: null,
  };
}

/** What the rule's withdrawal of a canary says to the team's contact (issue 42). */
export interface CanaryWithdrawnFacts {
  remote: string;
  canary: string;
  live: string | null;
  /** The rule's sentence with its figures. */
  summary: string;
  at: Date;
}

export function canaryWithdrawnMail(facts: CanaryWithdrawnFacts): RenderedMail {
  return {
    subject: `CareBook: the canary ${facts.canary} of ${facts.remote} was withdrawn`,
    ...bodies('Hello,', [
      `The canary release ${facts.canary} of ${facts.remote} was withdrawn automatically at ${facts.at.toISOString()}: its patients get the live release${facts.live ? ` ${facts.live}` : ''} on their next page load.`,
      `Why: ${facts.summary}.`,
      `The withdrawal is in the admin app's activity trail and under Releases. Fix the release and start a new canary with npm run release -w remotes/${facts.remote} -- --canary <percent>; this one is marked withdrawn and is not made live again unless forced.`,
    ]),
    ics: null,
  };
}
