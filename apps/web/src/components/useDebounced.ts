import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms` (typing in a field): live checks query with it, so a
 * check runs once per pause instead of once per key stroke.
 */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
