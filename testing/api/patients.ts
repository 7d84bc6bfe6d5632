import type { FastifyInstance } from 'fastify';
import { post, type Reply } from './http';

let counter = 0;

/** Registers a fresh patient; returns the token and the email used. */
export async function registerPatient(app: FastifyInstance, name = 'Test Patient'): Promise<{ token: string; email: string }> {
  counter += 1;
  const email = `p${process.pid}-${Date.now()}-${counter}@example.com`;
  const res = await post<{ token: string }>(app, '/api/v1/user/register', { name, email, password: 'secret1' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, email };
}

export function book(app: FastifyInstance, token: string, docId: string, slotDate: string, slotTime: string): Promise<Reply> {
  return post(app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
}
