import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { doctorPath, type Doctor } from '@carebook/shared';
import { DoctorPhoto } from '../../components/doctor-photo';
import styles from './top-doctor-card.module.css';

/** A compact doctor tile; the name is the link and its hit area covers the tile. */
export function TopDoctorCard({ doctor }: { doctor: Doctor }): ReactNode {
  return (
    <article className={styles.card}>
      <DoctorPhoto src={doctor.image} alt="" />
      <div className={styles.body}>
        <p className={doctor.available ? styles.available : styles.unavailable}>
          {doctor.available ? 'Available' : 'Not booking now'}
        </p>
        <h3 className={styles.name}>
          <Link className={styles.link} to={doctorPath(doctor._id)}>
            {doctor.name}
          </Link>
        </h3>
        <p className={styles.speciality}>{doctor.specialization}</p>
      </div>
    </article>
  );
}
