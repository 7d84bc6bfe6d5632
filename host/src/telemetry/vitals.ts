import { onCLS, onINP, onLCP } from 'web-vitals';

export type VitalName = 'LCP' | 'INP' | 'CLS';

/**
 * Reports the page's LCP, INP and CLS as web-vitals measures them (each when final: at the first
 * input for LCP, when the page is hidden for INP and CLS). Its own chunk: only these three.
 */
export function watchVitals(report: (name: VitalName, value: number) => void): void {
  onLCP((metric) => report('LCP', metric.value));
  onINP((metric) => report('INP', metric.value));
  onCLS((metric) => report('CLS', metric.value));
}
