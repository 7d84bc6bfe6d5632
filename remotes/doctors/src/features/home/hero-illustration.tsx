import type { ReactNode } from 'react';

/**
 * The hero's picture, drawn for CareBook: a week's booking card with one time chosen, a doctor's
 * badge and a check mark, in the brand's blues. Decorative, so hidden from assistive technology.
 */
export function HeroIllustration({ className }: { className?: string }): ReactNode {
  return (
    <svg className={className} viewBox="0 0 360 280" aria-hidden="true" focusable="false">
      <circle cx="250" cy="130" r="118" fill="#ffffff" opacity="0.08" />
      <circle cx="90" cy="220" r="54" fill="#ffffff" opacity="0.06" />
      <g transform="translate(70 40)">
        <rect width="220" height="190" rx="18" fill="#ffffff" />
        <rect width="220" height="44" rx="18" fill="#e8eefc" />
        <rect y="26" width="220" height="18" fill="#e8eefc" />
        <circle cx="30" cy="22" r="5" fill="#2453c7" />
        <rect x="44" y="17" width="86" height="10" rx="5" fill="#2453c7" opacity="0.5" />
        {[0, 1, 2, 3, 4].map((index) => (
          <g key={index} transform={`translate(${18 + index * 38} 58)`}>
            <rect width="32" height="40" rx="8" fill={index === 1 ? '#2453c7' : '#f6f8fc'} />
            <rect x="9" y="9" width="14" height="5" rx="2.5" fill={index === 1 ? '#ffffff' : '#c3cde3'} />
            <rect x="11" y="21" width="10" height="9" rx="3" fill={index === 1 ? '#ffffff' : '#d5dbe7'} />
          </g>
        ))}
        {[0, 1, 2].map((row) =>
          [0, 1, 2].map((column) => {
            const chosen = row === 1 && column === 2;
            return (
              <rect
                key={`${row}-${column}`}
                x={18 + column * 64}
                y={112 + row * 24}
                width="56"
                height="17"
                rx="8.5"
                fill={chosen ? '#2453c7' : '#ffffff'}
                stroke={chosen ? '#2453c7' : '#d5dbe7'}
              />
            );
          }),
        )}
      </g>
      <g transform="translate(248 176)">
        <circle r="34" fill="#16794a" />
        <path d="M-14 0 L-4 10 L15 -10" fill="none" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <g transform="translate(36 64)">
        <circle cx="30" cy="30" r="30" fill="#ffffff" />
        <circle cx="30" cy="25" r="10" fill="#f1c7a8" />
        <path d="M20 22c0-9 20-9 20 0-3-3-17-3-20 0z" fill="#3b2a20" />
        <path d="M12 52c2-10 10-14 18-14s16 4 18 14" fill="#e8eefc" />
        <path d="M26 40l4 8 4-8" fill="none" stroke="#2453c7" strokeWidth="2.5" strokeLinecap="round" />
      </g>
    </svg>
  );
}
