// The agency mark: a roof over a wave (the lagoons), drawn inline to cost no request.
export function LogoMark({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <rect width="48" height="48" rx="10" fill="#0f2a44" />
      <path
        d="M10 24 24 12l14 12"
        fill="none"
        stroke="#c9a227"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M15 22v12h18V22" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M9 38c4-3 6-3 10 0s6 3 10 0 6-3 10 0"
        fill="none"
        stroke="#7fb3e0"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
