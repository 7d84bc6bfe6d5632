/**
 * `@carebook/testing`: what the front ends' jest tests share. Only `*.test.ts(x)` files and
 * `*.test-utils.ts(x)` helpers may import it (lint rule `carebook/boundaries`); webpack cannot
 * resolve it, so no bundle can contain it.
 */
export * from './render-with-app';
export * from './render-at-route';
export * from './api-stubs';
export * from './fixtures/doctors';
export * from './fixtures/appointments';
export * from './fixtures/users';
export * from './fixtures/clinic';
export * from './contract';
