import "./spinner.css";

interface SpinnerProps {
  /** Names it for assistive technologies ("Loading"); without one it is decoration. */
  label?: string;
  /** Diameter in px (MUI's default, 40). */
  size?: number;
}

/** MUI's CircularProgress look in plain markup and CSS (components/spinner.css). */
export function Spinner({ label, size = 40 }: SpinnerProps) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? "progressbar" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
