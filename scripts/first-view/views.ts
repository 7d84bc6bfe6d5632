import {
  ROUTES,
  SPECIALIZATIONS,
  availabilityLabel,
  dayOffLabel,
  doctorPath,
  doctorsBySpecialityPath,
  emptyDayMessage,
  feeLabel,
  formatTime,
  formatWeekdayShort,
  generateSlotDays,
  loginPath,
  pageTitle,
  signUpPath,
  type ClinicInfo,
  type Doctor,
} from '@carebook/shared';
import { doctorList, skeletonCards } from './doctor-list-view';
import { escapeHtml, nextFreeHtml, ratingHtml } from './doctor-facts-html';

/**
 * The first view as plain HTML, sent in the page itself so a patient on a slow phone reads the
 * doctors before any script arrives (issue 10). Links are ordinary links, so it works without
 * JavaScript; the React app replaces it as one piece once the route's remote has loaded. It
 * follows the real screens' layout and text; it never shows anything the screens would not.
 */
export interface FirstViewData {
  doctors: Doctor[] | null;
  clinic: ClinicInfo | null;
}

export { escapeHtml };

const NAV = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.doctors, label: 'All Doctors' },
  { to: ROUTES.about, label: 'About' },
  { to: ROUTES.contact, label: 'Contact' },
];

function shell(path: string, adminUrl: string, main: string): string {
  const links = NAV.map(
    (item) =>
      `<a href="${item.to}"${item.to === path ? ' aria-current="page"' : ''}>${item.label}</a>`,
  ).join('');
  return `<div class="fv-page"><header class="fv-bar"><div class="fv-bar-in">
<a class="fv-logo" href="/"><span class="fv-mark" aria-hidden="true">+</span>CareBook</a>
<nav class="fv-links" aria-label="Main">${links}<a class="fv-admin" href="${escapeHtml(adminUrl)}">Admin Panel</a></nav>
<div class="fv-actions"><a class="fv-login" href="${escapeHtml(loginPath(path))}">Log in</a><a class="fv-cta" href="${escapeHtml(signUpPath(path))}">Create Account</a>
<details class="fv-menu"><summary aria-label="Menu">&#9776;</summary><nav aria-label="Mobile">${links}<a href="${escapeHtml(loginPath(path))}">Log in</a><a href="${escapeHtml(signUpPath(path))}">Create Account</a></nav></details></div>
</div></header><main class="fv-main">${main}</main></div>`;
}

/** As the home remote's Top Doctors (remotes/doctors/src/features/home/top-doctors.tsx). */
const TOP_DOCTORS_COUNT = 10;

function topDoctorTile(doctor: Doctor, clinic: ClinicInfo | null, now: Date): string {
  return `<article class="fv-tile"><img class="fv-square" src="${escapeHtml(doctor.image)}" alt="" width="200" height="240" loading="lazy">
<div class="fv-body"><p class="${doctor.available ? 'fv-ok' : 'fv-off'}">${availabilityLabel(doctor)}</p>
<h3 class="fv-tile-name"><a href="${doctorPath(doctor._id)}">${escapeHtml(doctor.name)}</a></h3><p class="fv-muted">${escapeHtml(doctor.specialization)}</p>
${ratingHtml(doctor)}<p class="fv-muted">${escapeHtml(feeLabel(doctor))}</p>${nextFreeHtml(doctor, clinic, now)}</div></article>`;
}

function topDoctorTiles(doctors: readonly Doctor[], clinic: ClinicInfo | null, now: Date): string {
  return `<div class="fv-tiles">${doctors.map((doctor) => topDoctorTile(doctor, clinic, now)).join('')}</div>`;
}

function home(data: FirstViewData, now: Date): string {
  const specialities = SPECIALIZATIONS.map(
    (speciality) => `<a class="fv-chip" href="${doctorsBySpecialityPath(speciality)}">${escapeHtml(speciality)}</a>`,
  ).join('');
  // The same sections in the same order as the home remote, so nothing moves at handover.
  return `<section class="fv-hero"><h1>Book an appointment with trusted doctors</h1>
<p>Browse our specialists, pick a time that suits you and book a 30-minute visit in a few clicks.</p>
<a class="fv-hero-cta" href="${ROUTES.doctors}">Book appointment</a></section>
<section class="fv-section"><h2>Find by speciality</h2><p class="fv-lead">Choose a specialization to see the doctors who practise it.</p><div class="fv-chips">${specialities}</div></section>
<section class="fv-section fv-center"><h2>Top Doctors</h2><p class="fv-lead">A few of the doctors patients book most often.</p>${
    data.doctors ? topDoctorTiles(data.doctors.slice(0, TOP_DOCTORS_COUNT), data.clinic, now) : skeletonTiles()
  }<a class="fv-see-all" href="${ROUTES.doctors}">See All</a></section>`;
}

function doctorPage(data: FirstViewData, docId: string, now: Date): string {
  const doctor = data.doctors?.find((candidate) => candidate._id === docId);
  if (!doctor || !data.clinic) return skeleton('doctor');
  const days = generateSlotDays({ now, timeZone: data.clinic.timeZone, booked: doctor.slots_booked, schedule: doctor.schedule });
  const day = days.find((candidate) => candidate.times.length) ?? days[0];
  const times = !doctor.available || !day ? '' : day.times.length ? day.times.map((time) => `<span class="fv-slot">${formatTime(time)}</span>`).join('') : `<p>${escapeHtml(emptyDayMessage(day))}</p>`;
  const strip = days
    .map((d) => `<span class="fv-day${d === day ? ' fv-day-on' : ''}">${formatWeekdayShort(d)}<b>${d.day}</b>${d.working ? '' : `<small>${dayOffLabel(d)}</small>`}</span>`)
    .join('');
  return `<div class="fv-doctor"><img class="fv-big" src="${escapeHtml(doctor.image)}" alt="Photo of ${escapeHtml(doctor.name)}" width="320" height="320">
<div class="fv-info"><h1 class="fv-title">${escapeHtml(doctor.name)}</h1>
<p class="fv-lead">${escapeHtml(doctor.degree)} · ${escapeHtml(doctor.specialization)}</p>
<h2 class="fv-h3">About</h2><p>${escapeHtml(doctor.about)}</p></div></div>
<section class="fv-section"><h2>Booking slots</h2>${
    doctor.available ? `<div class="fv-days">${strip}</div><div class="fv-slots">${times}</div>` : '<p>Not taking appointments</p>'
  }</section>`;
}

function skeletonTiles(): string {
  return `<div class="fv-tiles" aria-hidden="true">${'<div class="fv-tile fv-ghost"></div>'.repeat(TOP_DOCTORS_COUNT)}</div>`;
}

/** The region's shape while its data or code is on the way: never a blank area. */
export function skeleton(kind: 'list' | 'doctor' | 'page'): string {
  const lines = '<div class="fv-line"></div><div class="fv-line fv-short"></div>';
  if (kind === 'list') return `<div class="fv-line fv-head"></div>${lines}${skeletonCards()}`;
  if (kind === 'doctor') return `<div class="fv-doctor" aria-hidden="true"><div class="fv-big fv-ghost"></div><div class="fv-info"><div class="fv-line fv-head"></div>${lines}${lines}</div></div>`;
  return `<div aria-hidden="true"><div class="fv-line fv-head"></div>${lines}${lines}</div>`;
}

/** The page title the app will set, where the first view already knows it (a doctor's page). */
export function firstViewTitle(path: string, data: FirstViewData): string | null {
  const match = /^\/appointment\/([^/]+)$/.exec(path);
  const doctor = match && data.doctors?.find((candidate) => candidate._id === match[1]);
  return doctor ? pageTitle(doctor.name, doctor.specialization) : null;
}

/** The first view of a route: the navbar, then the route's main content from the data. */
export function renderFirstView(options: { path: string; adminUrl: string; data: FirstViewData; now: Date }): string {
  const { path, adminUrl, data, now } = options;
  const segments = path.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  let main: string;
  if (path === ROUTES.home) main = home(data, now);
  else if (segments[0] === 'doctors' && segments.length <= 2) main = doctorList(data, segments[1] ?? null, now);
  else if (segments[0] === 'appointment' && segments.length === 2) main = doctorPage(data, segments[1] ?? '', now);
  else main = skeleton('page');
  return shell(path, adminUrl, main);
}
