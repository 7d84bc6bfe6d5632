import type { ReactNode } from 'react';

export default function MyAppointmentsPage(): ReactNode {
  return <h1>My Appointments</h1>;
}
