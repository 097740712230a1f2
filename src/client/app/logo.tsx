import { appConfig } from './app-config.ts';

// The product mark: a taped parcel box with a locker door, and a paper plane flying off towards Latin America.
// public/favicon.svg holds the same drawing; keep the two in step.
export function Logo({ size = 64 }: { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label={`Logo de ${appConfig.brandName}`}
    >
      <path d="M26 20l20 10-20 10L6 30z" fill="#3d8be0" />
      <path d="M6 30l20 10v22L6 52z" fill="#0b5cab" />
      <path d="M26 40l20-10v22L26 62z" fill="#084785" />
      <path d="M16 25l20 10v22" fill="none" stroke="#f59e0b" strokeWidth="5" strokeLinejoin="bevel" />
      <path d="M10 40l10 5v9l-10-5z" fill="#fff" />
      <circle cx="15" cy="46" r="1.7" fill="#0b5cab" />
      <path d="M14.4 47l1.2.6.4 3-2-1z" fill="#0b5cab" />
      <path
        d="M28 16c6-9 12-10 17-8"
        fill="none"
        stroke="#f59e0b"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeDasharray="0.5 5"
      />
      <path d="M62 2L42 10l9 4z" fill="#f59e0b" />
      <path d="M62 2L51 14l4 8z" fill="#d97706" />
    </svg>
  );
}
