export type * from './doctor';
export type * from './user';
export type * from './appointment';
export type * from './api';
export type * from './runtime-config';
