interface ProgressBarProps {
  value: number;
  max: number;
  label: string;
}

/** A native <progress>, so assistive technology reads it without extra ARIA. */
export function ProgressBar({ value, max, label }: ProgressBarProps) {
  return <progress className="progress-bar" value={value} max={Math.max(max, 1)} aria-label={label} />;
}
