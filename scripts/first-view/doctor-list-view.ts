import {
  ROUTES,
  SPECIALIZATIONS,
  availabilityLabel,
  doctorPath,
  doctorsBySpecialityPath,
  experienceLabel,
  feeLabel,
  locationLabel,
  type ClinicInfo,
  type Doctor,
  type Specialization,
} from '@carebook/shared';
import { escapeHtml, nextFreeHtml, ratingHtml } from './doctor-facts-html';
import type { FirstViewData } from './views';

/**
 * `/doctors` and `/doctors/<speciality>` in the shape and words of the doctors remote's
 * DoctorListPage (remotes/doctors/src/features/doctor-list): header with the search box, the
 * specialization sidebar, the results heading and count, then the cards, so nothing moves or
 * changes when the app replaces it. The first-view e2e test compares the two.
 */

/** As DoctorResults: the first row's photos load at once. */
const EAGER_PHOTOS = 4;

/** As `specializationFromParam`: case-insensitive; `undefined` for All, `null` for an unknown one. */
function specializationOf(param: string | null): Specialization | null | undefined {
  if (!param) return undefined;
  const wanted = param.trim().toLowerCase();
  return SPECIALIZATIONS.find((name) => name.toLowerCase() === wanted) ?? null;
}

function card(doctor: Doctor, index: number, clinic: ClinicInfo | null, now: Date): string {
  const name = escapeHtml(doctor.name);
  const action = doctor.available
    ? `<a class="fv-lbook" href="${doctorPath(doctor._id)}">Book Appointment<span class="fv-hidden"> with ${name}</span></a>`
    : `<a class="fv-lbook fv-quiet" href="${doctorPath(doctor._id)}">View profile<span class="fv-hidden"> of ${name}</span></a>`;
  return `<li><article class="fv-lcard"><div class="fv-frame"><img src="${escapeHtml(doctor.image)}" alt="Photo of ${name}" width="200" height="240" loading="${index < EAGER_PHOTOS ? 'eager' : 'lazy'}" decoding="async"></div>
<div class="fv-lbody"><p class="${doctor.available ? 'fv-ok' : 'fv-off'}">${availabilityLabel(doctor)}</p>
<h3 class="fv-lname">${name}</h3><p class="fv-spec">${escapeHtml(doctor.specialization)}</p>${ratingHtml(doctor)}
<ul class="fv-facts"><li>${escapeHtml(experienceLabel(doctor))}</li><li>${escapeHtml(locationLabel(doctor))}</li><li>${escapeHtml(feeLabel(doctor))}</li></ul>
${nextFreeHtml(doctor, clinic, now)}${action}</div></article></li>`;
}

function sidebar(selected: Specialization | null | undefined): string {
  const items = [
    { label: 'All', to: ROUTES.doctors, current: selected === undefined },
    ...SPECIALIZATIONS.map((name) => ({ label: name, to: doctorsBySpecialityPath(name), current: selected === name })),
  ];
  const links = items
    .map(
      (item) =>
        `<li><a class="fv-side${item.current ? ' fv-side-on' : ''}" href="${item.to}"${item.current ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a></li>`,
    )
    .join('');
  return `<nav class="fv-sidebar" aria-label="Specializations"><ul>${links}</ul></nav>`;
}

export function skeletonCards(): string {
  return `<div class="fv-grid" aria-hidden="true">${'<div class="fv-card fv-ghost"></div>'.repeat(4)}</div>`;
}

function results(doctors: readonly Doctor[] | null, clinic: ClinicInfo | null, now: Date): string {
  if (!doctors) return skeletonCards();
  if (doctors.length === 0) {
    return `<div class="fv-empty"><p>No doctors found matching your criteria</p><a class="fv-see-all" href="${ROUTES.doctors}">Reset Filters</a></div>`;
  }
  return `<ul class="fv-lgrid">${doctors.map((doctor, index) => card(doctor, index, clinic, now)).join('')}</ul>`;
}

export function doctorList(data: FirstViewData, param: string | null, now: Date): string {
  const specialization = specializationOf(param);
  const shown =
    data.doctors && (specialization === null ? [] : data.doctors.filter((doctor) => !specialization || doctor.specialization === specialization));
  const heading = specialization === undefined ? 'All doctors' : (specialization ?? param ?? '');
  const count = shown ? `${shown.length} ${shown.length === 1 ? 'doctor' : 'doctors'}` : '';
  return `<div class="fv-list"><header class="fv-list-head"><h1 class="fv-ltitle">Find a doctor</h1>
<p class="fv-llead">Browse our specialists by name or specialization and book a 30-minute visit.</p>
<form class="fv-search" role="search"><label for="doctor-search">Search doctors</label><input id="doctor-search" type="search" placeholder="Name or specialization" autocomplete="off" spellcheck="false"></form></header>
<div class="fv-layout">${sidebar(specialization)}<section class="fv-results" aria-labelledby="doctor-results-title">
<div class="fv-results-head"><h2 id="doctor-results-title">${escapeHtml(heading)}</h2><p class="fv-count" role="status">${count}</p></div>
${results(shown ?? null, data.clinic, now)}</section></div></div>`;
}
