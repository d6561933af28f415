import { formatDate, formatDateTime } from '@assess/contracts/common';

export type DateTimeProps = {
  value: Date | string | number | null | undefined;
  /** Date only (dd-Mon-yyyy) instead of dd-Mon-yyyy hh:mm:ss AM/PM. */
  dateOnly?: boolean;
  /** Shown for an empty or invalid value; '-' by default. */
  fallback?: string;
};

/** A date and time in the product's one format, in the browser's zone, as a semantic <time>. */
export function DateTime({ value, dateOnly = false, fallback = '-' }: DateTimeProps) {
  const text = dateOnly ? formatDate(value) : formatDateTime(value);
  if (!text) return <>{fallback}</>;
  const iso = new Date(value as string | number | Date).toISOString();
  // dir="ltr": the format reads left to right on right-to-left pages too.
  return (
    <time dateTime={iso} dir="ltr">
      {text}
    </time>
  );
}
