interface Props {
  /** Tailwind size classes; the spinner inherits the text colour. */
  className?: string;
  /** Read out by screen readers; omit when a surrounding control already says it is busy. */
  label?: string;
}

/** A small rotating ring used inside busy buttons and for short loading states. */
export function Spinner({ className = 'h-5 w-5', label }: Props) {
  return (
    <svg
      className={`animate-spin ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
