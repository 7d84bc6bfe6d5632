import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from '@carebook/shared/router';
import { ToastContainer } from '@carebook/shared/toasts';
import { Loading } from './components/load-state';
import { ActivityPage } from './features/activity/activity-page';
import { AppointmentHistoryPage } from './features/activity/appointment-history-page';
import { AppointmentsPage } from './features/appointments/appointments-page';
import { DoctorEditPage } from './features/doctors/doctor-edit-page';
import { DoctorsPage } from './features/doctors/doctors-page';
import { LoginPage } from './features/login/login-page';
import { NotFoundPage } from './features/overview/not-found-page';
import { OverviewPage } from './features/overview/overview-page';
import { SchedulePage } from './features/schedule/schedule-page';
import { AdminLayout } from './layout/admin-layout';
import { AdminSessionProvider } from './session/admin-session-provider';
import { RequireAdmin } from './session/require-admin';

/**
 * The calendar and its library (react-big-calendar, dayjs: about 76 KB gzip of script and 4 KB of
 * style) load when the Calendar is opened, not with every other screen.
 */
const CalendarPage = lazy(() => import('./features/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })));
/** The Releases page and its chart library (recharts) load when it is opened. */
const ReleasesPage = lazy(() => import('./features/releases/releases-page').then((m) => ({ default: m.ReleasesPage })));

/** The routes of the admin app. */
export function AdminRoutes(): ReactNode {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<OverviewPage />} />
        <Route path="doctors" element={<DoctorsPage />} />
        <Route path="doctors/new" element={<DoctorEditPage />} />
        <Route path="doctors/:docId/edit" element={<DoctorEditPage />} />
        <Route path="doctors/:docId/hours" element={<SchedulePage />} />
        <Route
          path="calendar"
          element={
            <Suspense fallback={<Loading label="Loading the calendar..." />}>
              <CalendarPage />
            </Suspense>
          }
        />
        <Route path="appointments" element={<AppointmentsPage />} />
        <Route path="appointments/:appointmentId/history" element={<AppointmentHistoryPage />} />
        <Route path="activity" element={<ActivityPage />} />
        <Route
          path="releases"
          element={
            <Suspense fallback={<Loading label="Loading releases..." />}>
              <ReleasesPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ apiUrl }: { apiUrl: string }): ReactNode {
  return (
    <BrowserRouter>
      <AdminSessionProvider apiUrl={apiUrl}>
        <AdminRoutes />
        <ToastContainer position="top-right" autoClose={5000} newestOnTop />
      </AdminSessionProvider>
    </BrowserRouter>
  );
}
