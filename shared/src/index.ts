/**
 * `@carebook/shared`: what the site and the API both rely on. No React, no DOM here
 * (the API imports it); the React context lives in `@carebook/shared/react`.
 */
export type * from './types';
export * from './domain/specializations';
export * from './domain/messages';
export * from './domain/validation';
export * from './domain/doctor-form';
export * from './domain/schedule';
export * from './domain/slots';
export * from './domain/slot-instant';
export * from './domain/rating';
export * from './domain/next-free-time';
export * from './domain/doctor-facts';
export * from './domain/photos';
export * from './domain/format';
export * from './domain/device-name';
export * from './api/api-error';
export * from './api/client';
export * from './api/doctors';
export * from './api/users';
export * from './api/appointments';
export * from './api/waitlist';
export * from './api/sessions';
export * from './api/action-keys';
export * from './api/releases';
export * from './domain/routes';
export * from './domain/booking-form';
export * from './domain/page-title';
export * from './domain/canary-rule';
export * from './domain/telemetry-limits';
export * from './api/telemetry-tags';
