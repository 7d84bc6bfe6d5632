import type { ReactNode } from 'react';
import { photoSources, type Doctor } from '@carebook/shared';
import { DoctorRating } from './doctor-rating';
import styles from './doctor-detail.module.css';

/** The doctor's card on the booking screen: photo, name, degree, specialization, experience, about, fee. */
export function DoctorDetail({ doctor, headingLevel = 1 }: { doctor: Doctor; headingLevel?: 1 | 2 }): ReactNode {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // One level below the name, so the outline never skips a level.
  const Subheading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article className={styles.card} aria-labelledby={`doctor-${doctor._id}`}>
      <div className={styles.photo}>
        <img {...photoSources(doctor.image, '320px')} alt={`Portrait of ${doctor.name}`} width={320} height={320} />
      </div>
      <div className={styles.body}>
        <Heading id={`doctor-${doctor._id}`} className={styles.name}>
          {doctor.name}
        </Heading>
        <p className={styles.credentials}>
          <span>{doctor.degree}</span>
          <span aria-hidden="true"> · </span>
          <span>{doctor.specialization}</span>
        </p>
        <DoctorRating doctor={doctor} />
        {doctor.experience ? <p className={styles.badge}>{doctor.experience} experience</p> : null}
        {!doctor.available ? <p className={styles.unavailable}>Not taking appointments right now</p> : null}
        <Subheading className={styles.aboutTitle}>About</Subheading>
        <p className={styles.about}>{doctor.about}</p>
        <p className={styles.fee}>
          Appointment fee: <strong>${doctor.fees}</strong>
        </p>
      </div>
    </article>
  );
}
