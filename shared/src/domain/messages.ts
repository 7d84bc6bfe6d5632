/**
 * Every sentence a patient can read that is decided by code rather than by the server's data.
 * The site and the API both import these, so a rule always fails with the same words.
 */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 6 characters long',
  longPassword: 'Password must be at most 128 characters long',
  invalidName: 'Please enter a valid name',
  nameInvisibleCharacters:
    'The name contains an invisible or broken character (such as a zero-width space or a line separator), often picked up by copying and pasting. Please type it again.',
  emailInvisibleCharacters:
    'The email address contains an invisible or broken character (such as a zero-width space), often picked up by copying and pasting. Please type it again.',
  longName: 'Name must be at most 100 characters long',
  invalidPhone: 'Please enter a valid phone number',
  invalidGender: 'Please choose one of the listed genders',
  invalidDob: 'Please enter a real date of birth in the past',
  longAddress: 'Each address line must be at most 200 characters long',
  invalidAddress: 'The address must be JSON text with line1 and line2 only',
  invalidImage: 'The photo must be a PNG, JPEG or WebP image',
  imageTooLarge: 'The photo must be at most 5 MB',
  imageUnreadable: 'The photo could not be read: the file may be damaged. Please choose another one.',
  imageTooManyPixels: 'The photo must be at most 50 megapixels (for example 8000 × 6000)',
  requiredField: 'This field is required',
  invalidCharacters: 'Please remove control or invisible formatting characters from this field',
  invalidDoctorId: 'This doctor id is not valid',
  invalidAppointmentId: 'This appointment id is not valid',

  loginToBook: 'Please login to book an appointment',
  loginToViewAppointments: 'Please login to view your appointments.',
  loginToViewProfile: 'Please login to view your profile.',
  unexpectedError: 'An unexpected error occurred',
  sessionExpired: 'Your session has expired. Please log in again.',
  chosenSlotGone: 'The time you chose is no longer free. Please choose another time.',
  networkError: 'Cannot reach the server. Check your connection and try again.',
  somethingWentWrong: 'Something went wrong on our side. Please try again.',

  loggedIn: 'Logged in successfully',
  registered: 'Registered successfully',
  profileUpdated: 'Profile updated successfully',
  contactThanks: "Thank you! Your message has been sent successfully. We'll get back to you soon.",

  wrongCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notLoggedIn: 'Please log in again',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  resetLinkSent:
    'If an account uses this email address, we have sent it a link to choose a new password. The link works for 30 minutes. Check your spam folder if it does not arrive.',
  resetLinkInvalid: 'This password reset link is not valid. Please check you opened the whole link from the email, or ask for a new one.',
  resetLinkExpired: 'This password reset link has expired (links work for 30 minutes). Please ask for a new one.',
  appointmentKept: 'The appointment is kept at its time. Its reminder will go out as usual.',
  appointmentNotHeld: 'This appointment is not waiting for a decision: it was already kept, moved or cancelled.',
  resetLinkSuperseded: 'A newer password reset link has been sent to you since this one, so this one no longer works. Please use the link in the newest email.',
  resetLinkUsed: 'This password reset link has already been used. Please ask for a new one if you need to change your password again.',
  passwordResetDone: 'Your new password is set. You are logged in, and every other device has been logged out.',
  passwordsDiffer: 'The two passwords do not match',
  tooManyBookingChanges: 'Too many bookings or changes in a short time. Please wait a minute and try again.',
  tooManySignups: 'Too many accounts were created from your network. Please try again later.',

  appointmentBooked: 'Appointment booked',
  appointmentCancelled: 'Appointment cancelled',
  alreadyCancelled: 'This appointment is already cancelled',
  appointmentCompletedCannotCancel: 'A completed appointment cannot be cancelled',
  appointmentNotFound: 'Appointment not found',
  appointmentRescheduled: 'Appointment moved to the new time',
  appointmentPast: 'This appointment has already taken place, so it can no longer be changed',
  appointmentNotMovable: 'Only an upcoming appointment that is not cancelled or completed can be moved',
  rescheduleSameSlot: 'Your appointment is already at this time. Please choose another time.',
  patientSlotClash: 'You already have another appointment at this time',
  ratingInvalid: 'The rating must be a whole number from 1 to 5',
  ratingCommentTooLong: 'The comment must be at most 500 characters long',
  ratingCommentInvalid: 'The comment must be plain text',
  ratingNotCompleted: 'Only a completed visit can be rated',
  ratingTwice: 'You have already rated this visit',
  ratingThanks: 'Thank you for rating your visit',
  doctorNotFound: 'Doctor not found',
  doctorUnavailable: 'This doctor is not taking appointments right now',
  /** The doctor's page's booking form sent with no time chosen. */
  chooseTimeFirst: 'Please choose a time first.',
  /** The per-patient limit's refusal when the limit itself is not known. */
  tooManyUpcomingUnknown: 'You already hold the most upcoming appointments one patient may. Please cancel one before booking another.',
  slotTaken: 'This time has just been booked by someone else. Please choose another time.',
  sameTimeBooked: 'You already have an appointment at this time. Please choose another time.',
  slotInvalidDate: 'The appointment date must be a real day in day_month_year form',
  slotInvalidTime: 'The appointment time must be a half-hour start written as HH:mm, such as 09:30 or 14:00',
  slotOutsideHours: "This time is outside the doctor's working hours. Please choose one of the times shown.",
  slotDoctorAway: 'The doctor is away on this day. Please choose another day.',
  doctorNotWorking: 'The doctor does not see patients on this day',
  doctorAway: 'The doctor is away on this day',
  scheduleSaved: 'Working hours saved',
  scheduleChecked: 'Working hours checked; nothing was saved',
  slotInPast: 'This time has already passed. Please choose a later time.',
  slotTooFarAhead: 'Appointments can be booked up to 7 days ahead',
  noSlotsLeft: 'No slots left on this day',
  doctorsLoadFailed: 'Could not load the doctors',

  badRequest: 'The request could not be read. Please check it and try again.',
  requestTooLarge: 'The request is too large',
  requestTooDeep: 'The request nests objects or lists too deeply',
  invalidIdempotencyKey: 'The Idempotency-Key must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  serviceClosing: 'The server is restarting. Please try again in a moment.',
  unsupportedMediaType: 'The request must be sent as JSON or as a multipart form',
  notFound: 'Not found',
  adminOnly: 'Please log in as an administrator',
  invalidDateFilter: 'Dates must be real days written as YYYY-MM-DD',
  invalidStatusFilter: 'Status must be upcoming, completed or cancelled',
  requiredSpecialization: 'Please choose a specialization',
  photoRequired: 'Please choose a photo of the doctor',
  invalidSpecialization: 'Please choose one of the listed specializations',
  invalidFees: 'The fee must be a whole number of dollars from 0 to 100000',
  fieldTooLong: 'One of the fields is too long',
  doctorAdded: 'Doctor added',
  doctorUpdated: 'Doctor updated',
  availabilityChanged: 'Availability changed',
  appointmentPaid: 'Appointment marked as paid',
  appointmentCompleted: 'Appointment marked as completed',

  loggedOut: 'You are logged out',
  sessionNotFound: 'This session was not found or has already ended',
  sessionEnded: 'That device is logged out',
  otherSessionsEnded: 'You are logged out of all other devices',
  patientSessionsEnded: "The patient's sessions were ended",
  passwordChanged: 'Password changed. You are logged out of all other devices.',
  wrongCurrentPassword: 'Your current password is not correct',
  samePassword: 'Please choose a new password that differs from the current one',
  patientNotFound: 'Patient not found',
  invalidAuditFilter: 'The activity filter is not valid',

  staffBooked: 'Appointment booked for the patient',
  staffBookedNewPatient: 'Appointment booked; the new patient has an email to set a password',
  staffMoved: 'Appointment moved; the patient has an email with the new time',
  patientNameNeeded: "This email has no account yet: enter the new patient's name",
  patientJustAdded: 'Another desk has just added a patient with this email. Search for them and book again.',
  patientSameTimeBooked: 'The patient already has an appointment at this time. Please choose another time.',
  capReasonInvalid: 'The reason for going over the limit must be plain text of at most 200 characters',
  patientSearchInvalid: 'Search with at least 2 and at most 100 characters',
  appointmentMarkedMissed: 'Visit marked as missed',
  appointmentMissedUndone: 'The visit is no longer marked as missed',
  missedTooEarly: 'A visit can be marked missed only once its time has passed',
  missedNotPossible: 'Only a visit that was not cancelled or completed can be marked missed',
  noShowLifted: 'The patient can book online again',
  bookingStoppedNoShows: 'Online booking is paused for your account because of missed visits. Please call the clinic to book.',
  waitlistAdded: "We'll email you as soon as an earlier time frees up",
  waitlistAlreadyOpen: 'You are already waiting for an earlier time with this doctor',
  waitlistEnded: 'You will no longer be told of earlier times for this request',
  waitlistNotFound: 'This request was not found or has already ended',
  waitlistBadBefore: 'The "before" day must be a real day written as YYYY-MM-DD',
  waitlistNotMovable: 'Only an upcoming visit can wait for an earlier time',
  offerNotFound: 'This offer was not found',
  offerGone: 'Sorry, this time is no longer available. You keep what you had.',
  offerTaken: 'Done: the earlier time is yours',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The refusal at the desk when the patient already holds `max` upcoming appointments and no reason was given. */
export function staffOverCapMessage(max: number): string {
  return `The patient already holds ${max} upcoming appointment${max === 1 ? '' : 's'}, the most one patient may hold. To book another, give the reason.`;
}

/** The refusal of an online cancel or move within CANCEL_CUTOFF_HOURS of the visit. */
export function cancelCutoffMessage(hours: number): string {
  return `Online changes close ${hours} hour${hours === 1 ? '' : 's'} before the visit. Please call the clinic to cancel or move it.`;
}

/** The refusal when a patient already holds `max` upcoming appointments (the API's per-patient limit). */
export function tooManyUpcomingMessage(max: number): string {
  return `You already have ${max} upcoming appointment${max === 1 ? '' : 's'}, the most one patient may hold. Please cancel one before booking another.`;
}

/** The limit named in a {@link tooManyUpcomingMessage}, or null for any other message. */
export function upcomingLimitOf(message: string): number | null {
  const found = /^You already have (\d+) upcoming appointment/.exec(message);
  return found ? Number(found[1]) : null;
}
