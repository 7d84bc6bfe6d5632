import http from 'node:http';
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

export function startBarePages(): Promise<LocalServer> {
  const server = http.createServer((request, response) => {
    const body = PAGES[new URL(request.url ?? '/', 'http://bare').pathname];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>Bare</title></head><body>${body ?? 'Not found'}</body></html>`,
    );
  });
  return listenLocal(server);
}
