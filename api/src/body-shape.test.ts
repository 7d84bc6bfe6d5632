import { MESSAGES } from '@carebook/shared';
import { get, multipart, post, postForm, refusal } from '../../testing/api/http';
import { useSignedIn } from '../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../testing/api/test-app';

jest.setTimeout(60_000);
afterAll(() => stopTestCluster());

/** `{"a":{"a":...{"a":1}}}` nested `depth` objects deep, as raw JSON text. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe.each(DRIVERS)('body shapes on %s', (driver) => {
  const env = useTestEnv(driver);
  const tokens = useSignedIn(env);

  const deepBodies: Array<[string, string]> = [
    ['5,000 objects deep (10 KB)', `{"name":"Ana","address":${nested(5000)}}`],
    ['5,000 lists deep', `{"name":"Ana","address":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    ['six levels, one past the limit', `{"address":${nested(5)}}`],
  ];
  const calls: Array<[string, () => Record<string, string>]> = [
    ['/api/v1/user/update-profile', () => ({ authorization: `Bearer ${tokens.patient}` })],
    ['/api/v1/admin/add-doctor', () => ({ authorization: `Bearer ${tokens.admin}` })],
    ['/api/v1/admin/update-doctor', () => ({ authorization: `Bearer ${tokens.admin}` })],
    ['/api/v1/user/login', () => ({})],
    ['/api/v1/user/book-appointment', () => ({ authorization: `Bearer ${tokens.patient}` })],
  ];

  it.each(calls)('%s answers a JSON body nested too deep with 400 and a message', async (url, auth) => {
    for (const [label, payload] of deepBodies) {
      const res = await env.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...auth() }, payload });
      expect([label, res.statusCode, res.json()]).toEqual([label, 400, { success: false, message: MESSAGES.requestTooDeep, code: 'requestTooDeep' }]);
    }
  });

  it.each([
    ['one level past the limit', nested(6), MESSAGES.requestTooDeep],
    ['1,500 levels', nested(1500), MESSAGES.requestTooDeep],
  ])('answers an address field in a form nested %s with 400, changing nothing', async (_label, address, message) => {
    const before = (await get(env.app, '/api/v1/user/get-profile', tokens.patient)).body;
    const res = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'Ana', address }), tokens.patient);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
    expect((await get(env.app, '/api/v1/user/get-profile', tokens.patient)).body).toEqual(before);
  });

  it('takes bodies as deep as the calls need', async () => {
    const saved = await post(env.app, '/api/v1/user/update-profile', { name: 'Ana Deep', address: { line1: '1 Main St', line2: 'Flat 2' } }, tokens.patient);
    expect(saved.status).toBe(200);
    const profile = await get<{ user: { address: unknown } }>(env.app, '/api/v1/user/get-profile', tokens.patient);
    expect(profile.body.user.address).toEqual({ line1: '1 Main St', line2: 'Flat 2' });
  });

  it.each([
    ['an unknown key', { street: '1 Main St' }],
    ['an unknown key beside the lines', { line1: '1 Main St', line2: '', city: 'Berlin' }],
  ])('refuses an address with %s (JSON and form), keeping the saved one', async (_label, address) => {
    await post(env.app, '/api/v1/user/update-profile', { name: 'Ana Kept', address: { line1: 'Kept St 1', line2: 'Kept' } }, tokens.patient);
    const json = await post(env.app, '/api/v1/user/update-profile', { name: 'Ana Kept', address }, tokens.patient);
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ success: false, message: MESSAGES.invalidAddress, code: 'invalidAddress' });
    const form = await postForm(env.app, '/api/v1/user/update-profile', multipart({ name: 'Ana Kept', address: JSON.stringify(address) }), tokens.patient);
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ success: false, message: MESSAGES.invalidAddress, code: 'invalidAddress' });
    const doctor = await post(env.app, '/api/v1/admin/update-doctor', { docId: 'doc02', address }, tokens.admin);
    expect(doctor.status).toBe(400);
    expect(doctor.body).toEqual({ success: false, message: MESSAGES.invalidAddress, code: 'invalidAddress' });
    const profile = await get<{ user: { address: unknown } }>(env.app, '/api/v1/user/get-profile', tokens.patient);
    expect(profile.body.user.address).toEqual({ line1: 'Kept St 1', line2: 'Kept' });
  });
});
