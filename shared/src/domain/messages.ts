/**
 * Every sentence a patient can read that is decided by code rather than by the server's data.
 * The site and the API both import these, so a rule always fails with the same words.
 */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 6 characters long',
  longPassword: 'Password must be at most 128 characters long',
  invalidName: 'Please enter a valid name',
  longName: 'Name must be at most 100 characters long',
  invalidPhone: 'Please enter a valid phone number',
  invalidGender: 'Please choose one of the listed genders',
  invalidDob: 'Please enter a real date of birth in the past',
  longAddress: 'Each address line must be at most 200 characters long',
  invalidAddress: 'The address must be JSON text with line1 and line2',
  invalidImage: 'The photo must be a PNG, JPEG or WebP image',
  imageTooLarge: 'The photo must be at most 5 MB',
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
  slotTaken: 'This time has just been booked by someone else. Please choose another time.',
  sameTimeBooked: 'You already have an appointment at this time. Please choose another time.',
  slotInvalidDate: 'The appointment date must be a real day in day_month_year form',
  slotInvalidTime: 'The appointment time must be a half-hour start between 10:00 and 20:30',
  slotInPast: 'This time has already passed. Please choose a later time.',
  slotTooFarAhead: 'Appointments can be booked up to 7 days ahead',
  noSlotsLeft: 'No slots left on this day',
  doctorsLoadFailed: 'Could not load the doctors',

  badRequest: 'The request could not be read. Please check it and try again.',
  requestTooLarge: 'The request is too large',
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
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The refusal when a patient already holds `max` upcoming appointments (the API's per-patient limit). */
export function tooManyUpcomingMessage(max: number): string {
  return `You already have ${max} upcoming appointment${max === 1 ? '' : 's'}, the most one patient may hold. Please cancel one before booking another.`;
}
