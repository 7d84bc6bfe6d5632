import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from '@carebook/shared/router';
import { ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { filterDoctors, specializationFromParam } from '../../lib/filter-doctors';
import { DoctorResults } from './doctor-results';
import { SearchBox } from './search-box';
import { SpecialitySidebar } from './speciality-sidebar';
import styles from './doctor-list-page.module.css';

/** `/doctors` and `/doctors/:speciality`: search, the specialization sidebar and the cards. */
export default function DoctorListPage(): ReactNode {
  const { speciality } = useParams();
  const navigate = useNavigate();
  const { doctors, doctorsStatus, reloadDoctors } = useApp();
  // Kept across sidebar changes (the route element stays mounted), so search and filter combine.
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);

  const specialization = specializationFromParam(speciality);
  const results = useMemo(
    () => filterDoctors(doctors, { search, specialization }),
    [doctors, search, specialization],
  );

  const resetFilters = (): void => {
    setSearch('');
    navigate(ROUTES.doctors);
    searchRef.current?.focus();
  };

  const heading = specialization === undefined ? 'All doctors' : (specialization ?? speciality);
  const ready = doctorsStatus === 'ready';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Find a doctor</h1>
        <p className={styles.lead}>Browse our specialists by name or specialization and book a 30-minute visit.</p>
        <SearchBox ref={searchRef} value={search} onChange={setSearch} />
      </header>
      <div className={styles.layout}>
        <SpecialitySidebar selected={specialization} />
        <section className={styles.results} aria-labelledby="doctor-results-title">
          <div className={styles.resultsHeader}>
            <h2 id="doctor-results-title" className={styles.resultsTitle}>
              {heading}
            </h2>
            <p className={styles.count} role="status">
              {ready ? `${results.length} ${results.length === 1 ? 'doctor' : 'doctors'}` : ''}
            </p>
          </div>
          <DoctorResults
            status={doctorsStatus}
            doctors={results}
            onRetry={() => void reloadDoctors()}
            onReset={resetFilters}
          />
        </section>
      </div>
    </div>
  );
}
