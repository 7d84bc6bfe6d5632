/** The words of the About page; ours, kept apart from the markup. */
export const MISSION =
  'CareBook exists so that seeing a doctor starts with a few taps, not a phone queue. We list trusted ' +
  'doctors, show the times they are really free, and confirm your visit the moment you book it. If ' +
  'someone else books the same time a moment before you, we say so at once and you pick another.';

export const STEPS = [
  { title: 'Find your doctor', text: 'Browse by specialization or search by name, and read about each doctor before you choose.' },
  { title: 'Pick a time', text: 'See the free half-hour slots of the next seven days and choose the one that suits you.' },
  { title: 'Visit the clinic', text: 'Your booking is confirmed at once. Manage or cancel it any time from My Appointments.' },
];

export const TEAM = [
  { name: 'Greta Solberg', role: 'Head of patient care', initials: 'GS' },
  { name: 'Dev Malhotra', role: 'Clinic partnerships', initials: 'DM' },
  { name: 'Ines Carvalho', role: 'Product and design', initials: 'IC' },
  { name: 'Rafael Benítez', role: 'Engineering', initials: 'RB' },
];

export const TESTIMONIALS = [
  { quote: 'I booked a dermatologist on my lunch break and was seen the next morning.', author: 'Priya, patient' },
  { quote: 'Clear times, no phone calls, and a reminder of where to go. Exactly what I needed.', author: 'Jonas, patient' },
  { quote: 'Our no-show rate dropped because patients can cancel in one click and free the slot.', author: 'A partner clinic' },
];
