import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { photoSources, type Doctor } from '@carebook/shared';
import styles from './doctors-page.module.css';

interface DoctorRowProps {
  doctor: Doctor;
  busy: boolean;
  onToggle: (doctor: Doctor) => void;
}

/** One doctor: who, what, fee; a switch for taking appointments; links to the working hours and to edit. */
export function DoctorRow({ doctor, busy, onToggle }: DoctorRowProps): ReactNode {
  const nameId = `doctor-${doctor._id}`;
  return (
    <li className={styles.row}>
      {doctor.image ? (
        <img className={styles.photo} {...photoSources(doctor.image, '64px')} alt="" width={64} height={77} loading="lazy" />
      ) : (
        // A doctor added through the API without a photo: keep the row's shape.
        <span className={styles.photo} aria-hidden="true" />
      )}
      <div>
        <h2 id={nameId}>{doctor.name}</h2>
        <p>
          {doctor.specialization} · ${doctor.fees} · {doctor.available ? 'Taking appointments' : 'Not taking appointments'}
        </p>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          role="switch"
          aria-checked={doctor.available}
          aria-describedby={nameId}
          className={styles.switch}
          disabled={busy}
          onClick={() => onToggle(doctor)}
        >
          <span className={styles.track} aria-hidden="true" />
          Taking appointments
        </button>
        <Link className={styles.edit} to={`/doctors/${encodeURIComponent(doctor._id)}/hours`}>
          Hours<span className="cb-visually-hidden"> of {doctor.name}</span>
        </Link>
        <Link className={styles.edit} to={`/doctors/${encodeURIComponent(doctor._id)}/edit`}>
          Edit<span className="cb-visually-hidden"> {doctor.name}</span>
        </Link>
      </div>
    </li>
  );
}
