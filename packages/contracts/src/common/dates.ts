const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The one date formatter of the product: dd-Mon-yyyy hh:mm:ss AM/PM in the local time of the runtime
 * (the browser's zone on screen). Returns '' for an empty or invalid value.
 */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const h = d.getHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(d.getDate())}-${MONTHS[d.getMonth()]}-${d.getFullYear()} ${pad(h12)}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** dd-Mon-yyyy, for date-only values. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const full = formatDateTime(value);
  return full ? full.slice(0, 11) : '';
}
