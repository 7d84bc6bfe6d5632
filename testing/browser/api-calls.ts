import type { Page } from 'playwright-core';
import type { Stack } from './stack';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './stack';

let counter = 0;

export interface Patient {
  name: string;
  email: string;
  password: string;
  token: string;
}

async function post<T>(stack: Stack, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as T & { success: boolean; message?: string };
  if (!response.ok || !data.success) throw new Error(`${path} failed: ${response.status} ${data.message}`);
  return data;
}

/** Registers a new patient straight through the API (for journeys that start logged in). */
export async function registerPatient(stack: Stack, name = 'Test Patient'): Promise<Patient> {
  counter += 1;
  const email = `patient${Date.now()}${counter}@example.com`;
  const password = 'secret-pass-1';
  const { token } = await post<{ token: string }>(stack, '/api/v1/user/register', { name, email, password });
  return { name, email, password, token };
}

/**
 * Stores a token the way the site does, before the first navigation of `page` to the site. It is
 * written from a blank document on the site's origin that the browser's test driver answers (the
 * site's server never sees it): loading a page of the site for it cost each test about a second.
 */
export async function signInPage(page: Page, stack: Stack, token: string): Promise<void> {
  const blank = `${stack.siteUrl}/__test-sign-in`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Signing in</title>' }));
  try {
    await page.goto(blank);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  } finally {
    await page.unroute(blank);
  }
}

export async function adminToken(stack: Stack): Promise<string> {
  const { token } = await post<{ token: string }>(stack, '/api/v1/admin/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  return token;
}

/** Calls an admin endpoint, e.g. `adminCall(stack, '/api/v1/admin/appointment-paid', { appointmentId })`. */
export async function adminCall<T = unknown>(stack: Stack, path: string, body: object): Promise<T> {
  return post<T>(stack, path, body, await adminToken(stack));
}

export async function bookThroughApi(
  stack: Stack,
  token: string,
  booking: { docId: string; slotDate: string; slotTime: string },
): Promise<void> {
  await post(stack, '/api/v1/user/book-appointment', booking, token);
}
