import http from 'node:http';
import { freeTimesAhead, type DoctorAvailability } from '@carebook/shared';
import { escapeHtml } from '../../servers/host/page-html';
import { listenLocal, type LocalServer } from '../../testing/node/listen';

/**
 * The journey's baseline on this machine, measured in the same run: the least two pages can be.
 * `/doctors` is a doctor's name and a Book Appointment link; `/appointment/bare` is the name and
 * one group of native radio buttons for times, as the probe looks for them. No stylesheet, image,
 * script or font: what any site pays for the two navigations, the taps and the browser's own
 * work under a profile. The machine moves every journey by tenths of a second from day to day;
 * beside this baseline, the bench's figures say how much of a journey is our pages' and scripts'.
 */
const PAGES: Record<string, string> = {
  '/doctors': `<main><h3>Dr. Bare</h3><a href="/appointment/bare">Book Appointment</a></main>`,
  '/appointment/bare':
    `<main><h1>Dr. Bare</h1><div role="radiogroup" aria-label="Times on Monday">` +
    ['10:00', '10:30', '11:00'].map((time) => `<label><input type="radio" name="time" value="${time}"><span>${time}</span></label>`).join('') +
    `</div></main>`,
};

const barePage = (body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>Bare</title></head><body>${body}</body></html>`;

export function startBarePages(): Promise<LocalServer> {
  const server = http.createServer((request, response) => {
    const body = PAGES[new URL(request.url ?? '/', 'http://bare').pathname];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(barePage(body ?? 'Not found'));
  });
  return listenLocal(server);
}

interface ApiDoctor extends DoctorAvailability {
  _id: string;
}

/**
 * The journey booked from the list (list-time-journey.ts), as bare as it can be, on the same API:
 * `/doctors` is one card with the first doctor's first free time as a link (from the API's doctor
 * list, as the real list computes it), the doctor's page a form with that time and Book Appointment,
 * and its post books through the API with the patient's token, as the host's server does
 * (servers/host/booking-form.ts), then redirects. No stylesheet, image, script or font: what any
 * site pays on this machine for two pages, two taps and a booking, in the same moments.
 */
export function startBareBookingPages(apiUrl: string): Promise<LocalServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      response.end(body);
    };
    const doctorPath = /^\/appointment\/([\w-]+)$/.exec(url.pathname);
    void (async () => {
      if (request.method === 'PUT' && url.pathname === '/session-cookie') {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        response.writeHead(204, { 'set-cookie': `bare_token=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict` });
        response.end();
      } else if (request.method === 'GET' && url.pathname === '/doctors') {
        const [{ doctors }, { clinic }] = await Promise.all([
          fetch(`${apiUrl}/api/v1/doctor/all-doctors`).then((reply) => reply.json() as Promise<{ doctors: ApiDoctor[] }>),
          fetch(`${apiUrl}/api/v1/clinic`).then((reply) => reply.json() as Promise<{ clinic: { timeZone: string } }>),
        ]);
        const doctor = doctors.find((candidate) => candidate.available);
        const time = doctor ? freeTimesAhead(doctor, new Date(), clinic.timeZone, 1)?.[0] : undefined;
        if (!doctor || !time) return send(503, barePage('No time to offer'));
        const href = `/appointment/${doctor._id}?date=${time.slotDate}&time=${time.slotTime}`;
        send(200, barePage(`<main><article><h3>Dr. Bare</h3><a href="${escapeHtml(href)}">${time.slotTime}</a></article></main>`));
      } else if (request.method === 'GET' && doctorPath) {
        const date = url.searchParams.get('date') ?? '';
        const time = url.searchParams.get('time') ?? '';
        send(
          200,
          barePage(
            `<main><h1>Dr. Bare</h1><form method="post" action="${url.pathname}">` +
              `<input type="hidden" name="slotDate" value="${escapeHtml(date)}"><input type="hidden" name="slotTime" value="${escapeHtml(time)}">` +
              `<button>Book Appointment</button></form></main>`,
          ),
        );
      } else if (request.method === 'POST' && doctorPath) {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const token = decodeURIComponent(/(?:^|;\s*)bare_token=([^;]*)/.exec(request.headers.cookie ?? '')?.[1] ?? '');
        const reply = await fetch(`${apiUrl}/api/v1/user/book-appointment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ docId: doctorPath[1], slotDate: form.get('slotDate'), slotTime: form.get('slotTime') }),
        });
        await reply.body?.cancel();
        send(303, '', { location: `${url.pathname}?booked=${reply.ok ? 'yes' : 'no'}` });
      } else {
        send(404, barePage('Not found'));
      }
    })().catch(() => send(500, barePage('Failed')));
  });
  return listenLocal(server);
}
