import type { ReactNode } from 'react';
import type { Appointment } from '@carebook/shared';
import { AppointmentCard } from './appointment-card';
import type { AppointmentActions } from './appointment-status';
import styles from './my-appointments-page.module.css';

interface AppointmentGroupProps {
  title: string;
  appointments: Appointment[];
  /** The group of appointments that can still be moved or cancelled. */
  upcoming?: boolean;
  actions: AppointmentActions;
  /** Shown when the group is empty; without it an empty group is left out. */
  children?: ReactNode;
}

/** One titled section of My Appointments: Upcoming, Past or Cancelled. */
export function AppointmentGroup({ title, appointments, upcoming = false, actions, children }: AppointmentGroupProps): ReactNode {
  if (appointments.length === 0 && !children) return null;
  const id = `appointments-${title.toLowerCase()}`;
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id}>{`${title} (${appointments.length})`}</h2>
      {appointments.length === 0 ? (
        children
      ) : (
        <ul className={styles.list}>
          {appointments.map((appointment) => (
            <AppointmentCard key={appointment._id} appointment={appointment} upcoming={upcoming} {...actions} />
          ))}
        </ul>
      )}
    </section>
  );
}
