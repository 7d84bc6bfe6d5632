import type { z } from 'zod';
import type * as contract from '../contract';

// Every wire shape is inferred from its schema in `../contract`, so the site's types and the API's
// validation and serialisation cannot drift apart. Requests are the schemas' inputs (what a caller
// sends), replies their outputs.

/** Every reply carries `success`; failures carry a human `message`. */
export type ApiReply = z.infer<typeof contract.apiReplySchema>;
/** A success that only says so, in words the site may show. */
export type MessageReply = z.infer<typeof contract.messageReplySchema>;
export type ErrorReply = z.infer<typeof contract.errorReplySchema>;

export type DoctorsReply = z.infer<typeof contract.doctorsReplySchema>;
export type TokenReply = z.infer<typeof contract.tokenReplySchema>;
export type ProfileReply = z.infer<typeof contract.profileReplySchema>;
export type ProfileUpdateReply = z.infer<typeof contract.profileUpdateReplySchema>;
export type AppointmentsReply = z.infer<typeof contract.appointmentsReplySchema>;

/** Facts about the clinic the site needs to agree with the server. */
export type ClinicInfo = z.infer<typeof contract.clinicInfoSchema>;
export type ClinicReply = z.infer<typeof contract.clinicReplySchema>;

export type LoginRequest = z.input<typeof contract.loginRequestSchema>;
export type RegisterRequest = z.input<typeof contract.registerRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof contract.forgotPasswordRequestSchema>;
/** `token`: from the emailed link's `#token=`; `password`: the new one. */
export type ResetPasswordRequest = z.input<typeof contract.resetPasswordRequestSchema>;
export type BookingRequest = z.input<typeof contract.bookingRequestSchema>;
/** The booking reply: `appointmentId` names the new appointment (for its calendar file, etc.). */
export type BookingReply = z.infer<typeof contract.bookingReplySchema>;
export type RescheduleRequest = z.input<typeof contract.rescheduleRequestSchema>;
/** `rating`: whole stars, 1 to 5; `comment`: at most 500 characters. */
export type RatingRequest = z.input<typeof contract.ratingRequestSchema>;

export type AdminDoctorsReply = z.infer<typeof contract.adminDoctorsReplySchema>;
export type DoctorReply = z.infer<typeof contract.doctorReplySchema>;
export type DoctorScheduleReply = z.infer<typeof contract.doctorScheduleReplySchema>;
export type AvailabilityReply = z.infer<typeof contract.availabilityReplySchema>;
export type AppointmentStatus = z.infer<typeof contract.appointmentStatusSchema>;
/** An appointment as the admin list returns it: the patient's contact details included. */
export type AdminAppointment = z.infer<typeof contract.adminAppointmentSchema>;
export type AdminAppointmentsReply = z.infer<typeof contract.adminAppointmentsReplySchema>;
export type StaffBooking = z.infer<typeof contract.staffBookingSchema>;
export type StaffBookingReply = z.infer<typeof contract.staffBookingReplySchema>;
export type PatientMatch = z.infer<typeof contract.patientMatchSchema>;
export type PatientSearchReply = z.infer<typeof contract.patientSearchReplySchema>;

/** One logged-in device of an account. */
export type Session = z.infer<typeof contract.sessionSchema>;
export type SessionsReply = z.infer<typeof contract.sessionsReplySchema>;
export type SessionsEndedReply = z.infer<typeof contract.sessionsEndedReplySchema>;
export type ChangePasswordRequest = z.input<typeof contract.changePasswordRequestSchema>;
export type AuditEntry = z.infer<typeof contract.auditEntrySchema>;
export type AuditReply = z.infer<typeof contract.auditReplySchema>;
/** An email about one appointment and how its sending went, for the admin app. */
export type AppointmentEmail = z.infer<typeof contract.appointmentEmailSchema>;
export type AppointmentEmailsReply = z.infer<typeof contract.appointmentEmailsReplySchema>;

/** "Notify me of an earlier time": the request a patient sends, and an open request as listed. */
export type WaitlistRequest = z.input<typeof contract.waitlistRequestSchema>;
export type WaitlistEntry = z.infer<typeof contract.waitlistEntrySchema>;
export type WaitlistReply = z.infer<typeof contract.waitlistReplySchema>;
export type WaitlistListReply = z.infer<typeof contract.waitlistListReplySchema>;
/** An offered earlier time, as the "Take this time" page shows it. */
export type EarlierTimeOffer = z.infer<typeof contract.offerSchema>;
export type OfferReply = z.infer<typeof contract.offerReplySchema>;
export type OfferTakenReply = z.infer<typeof contract.offerTakenReplySchema>;
export type WaitlistOverviewReply = z.infer<typeof contract.waitlistOverviewReplySchema>;
export type WaitlistFigures = WaitlistOverviewReply['doctors'][number];

/** Telemetry per release (issue 42): a page's beacon and what the admin app reads of it. */
export type TelemetryBeacon = z.input<typeof contract.telemetryBeaconSchema>;
export type TelemetryEvent = z.input<typeof contract.telemetryEventSchema>;
export type ReleaseMinute = z.infer<typeof contract.releaseMinuteSchema>;
export type ReleaseHealth = z.infer<typeof contract.releaseHealthSchema>;
export type CanaryState = z.infer<typeof contract.canaryStateSchema>;
export type AdminReleasesReply = z.infer<typeof contract.adminReleasesReplySchema>;
export type ReleaseOrderRequest = z.input<typeof contract.releaseOrderRequestSchema>;
export type ReleaseOrder = z.infer<typeof contract.releaseOrderSchema>;
export type CanaryRuleReport = z.infer<typeof contract.canaryRuleReportSchema>;
export type ReleaseCheckRequest = z.input<typeof contract.releaseCheckRequestSchema>;
export type ReleaseCheckReply = z.infer<typeof contract.releaseCheckReplySchema>;
export type ReleaseHealthReply = z.infer<typeof contract.releaseHealthReplySchema>;
export type ReleaseOrderReply = z.infer<typeof contract.releaseOrderReplySchema>;
