import type { Specialization } from '@carebook/shared';

export interface SeedDoctor {
  id: string;
  name: string;
  specialization: Specialization;
  degree: string;
  /** Omitted for some doctors on purpose: the site shows its fallback. */
  experience?: string;
  about: string;
  fees: number;
  available: boolean;
  address: { line1: string; line2: string };
  location?: string;
}

/**
 * The clinic's doctors on a fresh database. Invented people. Ids are fixed so tests and links
 * can name them: doc01 (available, with experience and location) ... doc15. Gastroenterology has
 * a single doctor (doc15); doc09 is not taking appointments; doc05, doc11 and doc14 state no
 * experience; doc07, doc11 and doc13 have no location.
 */
export const SEED_DOCTORS: readonly SeedDoctor[] = [
  {
    id: 'doc01', name: 'Dr. Amara Lindqvist', specialization: 'General Physician', degree: 'MBBS, MD (Family Medicine)',
    experience: '12 Years', fees: 60, available: true, location: 'Riverside Health Centre',
    address: { line1: '14 Alder Street', line2: 'Riverside, Springfield' },
    about: 'Dr. Lindqvist looks after adults and families for everything from seasonal infections to long-term conditions such as diabetes and high blood pressure. She believes in unhurried consultations and clear next steps.',
  },
  {
    id: 'doc02', name: 'Dr. Tobias Okafor', specialization: 'General Physician', degree: 'MBBS',
    experience: '4 Years', fees: 45, available: true, location: 'Old Town Practice',
    address: { line1: '3 Market Lane', line2: 'Old Town, Springfield' },
    about: 'Dr. Okafor focuses on preventive care, vaccinations and check-ups, and helps patients find their way through referrals when they need a specialist.',
  },
  {
    id: 'doc03', name: 'Dr. Helena Marsh', specialization: 'General Physician', degree: 'MBBS, MRCGP',
    experience: '9 Years', fees: 55, available: true, location: 'Northgate Clinic',
    address: { line1: '221 Northgate Road', line2: 'Northgate, Springfield' },
    about: 'Dr. Marsh has a particular interest in respiratory health and travel medicine, and runs the clinic\'s smoking cessation programme.',
  },
  {
    id: 'doc04', name: 'Dr. Priya Raghunathan', specialization: 'Gynecologist', degree: 'MBBS, MS (Obstetrics & Gynaecology)',
    experience: '15 Years', fees: 80, available: true, location: 'Riverside Health Centre',
    address: { line1: '14 Alder Street', line2: 'Riverside, Springfield' },
    about: 'Dr. Raghunathan cares for women through every stage of life, with special experience in high-risk pregnancies and minimally invasive surgery.',
  },
  {
    id: 'doc05', name: 'Dr. Sofia Castellano', specialization: 'Gynecologist', degree: 'MD',
    fees: 70, available: true, location: 'Harbour View Medical',
    address: { line1: '88 Quay Parade', line2: 'Harbour District, Springfield' },
    about: 'Dr. Castellano offers menstrual health, contraception and menopause consultations in a relaxed, confidential setting.',
  },
  {
    id: 'doc06', name: 'Dr. Naomi Whitfield', specialization: 'Gynecologist', degree: 'MBBS, DGO',
    experience: '7 Years', fees: 65, available: true, location: 'Northgate Clinic',
    address: { line1: '221 Northgate Road', line2: 'Northgate, Springfield' },
    about: 'Dr. Whitfield runs the fertility advice clinic and supports patients with endometriosis and polycystic ovary syndrome.',
  },
  {
    id: 'doc07', name: 'Dr. Julian Ferreira', specialization: 'Dermatologist', degree: 'MBBS, MD (Dermatology)',
    experience: '10 Years', fees: 75, available: true,
    address: { line1: '52 Linden Avenue', line2: 'West End, Springfield' },
    about: 'Dr. Ferreira treats acne, eczema and psoriasis and performs skin cancer screening with dermatoscopy.',
  },
  {
    id: 'doc08', name: 'Dr. Mei-Lin Hartmann', specialization: 'Dermatologist', degree: 'MD, FAAD',
    experience: '6 Years', fees: 70, available: true, location: 'Harbour View Medical',
    address: { line1: '88 Quay Parade', line2: 'Harbour District, Springfield' },
    about: 'Dr. Hartmann specialises in paediatric and adult eczema, allergic skin reactions and hair and nail conditions.',
  },
  {
    id: 'doc09', name: 'Dr. Rashid Benali', specialization: 'Dermatologist', degree: 'MBBS, DVD',
    experience: '18 Years', fees: 90, available: false, location: 'Old Town Practice',
    address: { line1: '3 Market Lane', line2: 'Old Town, Springfield' },
    about: 'Dr. Benali is a senior dermatologist with long experience in chronic wounds and pigmentation disorders. He is currently not taking new appointments.',
  },
  {
    id: 'doc10', name: 'Dr. Clara Eisenberg', specialization: 'Pediatrician', degree: 'MBBS, MD (Paediatrics)',
    experience: '11 Years', fees: 60, available: true, location: 'Little Steps Children\'s Clinic',
    address: { line1: '7 Willow Court', line2: 'Greenfield, Springfield' },
    about: 'Dr. Eisenberg looks after newborns to teenagers, with a focus on growth, development and childhood asthma.',
  },
  {
    id: 'doc11', name: 'Dr. Kwame Asante', specialization: 'Pediatrician', degree: 'MBBS, DCH',
    fees: 50, available: true,
    address: { line1: '7 Willow Court', line2: 'Greenfield, Springfield' },
    about: 'Dr. Asante runs well-child visits and the vaccination schedule, and is known for putting anxious children at ease.',
  },
  {
    id: 'doc12', name: 'Dr. Elise Moreau', specialization: 'Pediatrician', degree: 'MD, FAAP',
    experience: '3 Years', fees: 55, available: true, location: 'Riverside Health Centre',
    address: { line1: '14 Alder Street', line2: 'Riverside, Springfield' },
    about: 'Dr. Moreau has a special interest in infant feeding, sleep and early childhood nutrition.',
  },
  {
    id: 'doc13', name: 'Dr. Viktor Nowak', specialization: 'Neurologist', degree: 'MBBS, DM (Neurology)',
    experience: '14 Years', fees: 95,  available: true,
    address: { line1: '300 College Road', line2: 'University Quarter, Springfield' },
    about: 'Dr. Nowak diagnoses and treats headaches and migraine, epilepsy and movement disorders, working closely with the imaging department.',
  },
  {
    id: 'doc14', name: 'Dr. Isabel Thornton', specialization: 'Neurologist', degree: 'MD, PhD',
    fees: 85, available: true, location: 'University Neuro Centre',
    address: { line1: '300 College Road', line2: 'University Quarter, Springfield' },
    about: 'Dr. Thornton sees patients with memory concerns, multiple sclerosis and nerve pain, and leads the clinic\'s research on sleep and the brain.',
  },
  {
    id: 'doc15', name: 'Dr. Samuel Adeyemi', specialization: 'Gastroenterologist', degree: 'MBBS, MD, DM (Gastroenterology)',
    experience: '8 Years', fees: 85, available: true, location: 'Harbour View Medical',
    address: { line1: '88 Quay Parade', line2: 'Harbour District, Springfield' },
    about: 'Dr. Adeyemi treats reflux, irritable bowel syndrome and liver conditions, and performs diagnostic endoscopy.',
  },
];
