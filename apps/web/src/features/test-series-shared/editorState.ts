import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';

/** The id an editor opens: `{ [key]: id }` in the navigation state (from the list), or ?key= (so a reload works). */
export function idFromRoute(state: unknown, search: URLSearchParams, key: string): number | null {
  const fromState = (state as Record<string, unknown> | null)?.[key];
  const raw = typeof fromState === 'number' ? fromState : Number(search.get(key));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

/** The route of an editor: the id it opens (as idFromRoute) and the navigation state it came with. */
export function useRouteId(key: string): { id: number | null; state: unknown } {
  const { state } = useLocation();
  const [search] = useSearchParams();
  return { id: idFromRoute(state, search, key), state };
}

/**
 * The live uniqueness answers of code and name shown as the fields' errors (cleared when no longer taken). The
 * form's own validation (on blur) replaces a field's error: a taken answer is put back after it.
 */
export function useTakenErrors<T extends FieldValues & { code: string; name: string }>(
  form: UseFormReturn<T>,
  taken: { code: boolean; name: boolean },
  messages: { codeExists: string; nameExists: string },
) {
  const { code, name } = taken;
  const { errors } = form.formState;
  const codeError = errors.code?.type;
  const nameError = errors.name?.type;
  useEffect(() => {
    for (const [field, isTaken, message, shown] of [
      ['code' as Path<T>, code, messages.codeExists, codeError],
      ['name' as Path<T>, name, messages.nameExists, nameError],
    ] as const) {
      if (isTaken && shown !== 'taken') form.setError(field, { type: 'taken', message });
      else if (!isTaken && shown === 'taken') form.clearErrors(field);
    }
  }, [code, name, codeError, nameError, form, messages.codeExists, messages.nameExists]);
}

/**
 * The version an editor writes with. The stored entity replaces the form when it is opened (or reloaded after a
 * conflict: `forget()`), never after own saves (`saved(version)`).
 */
export function useStoredVersion<D extends { version: number }>(data: D | undefined, load: (d: D) => void) {
  const version = useRef<number | null>(null);
  const loaded = useRef<number | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!data || loaded.current !== null) return;
    loaded.current = data.version;
    version.current = data.version;
    loadRef.current(data);
  }, [data]);
  return {
    version,
    /** After the first save: this version is the loaded one. */
    created: (v: number) => {
      version.current = v;
      loaded.current = v;
    },
    forget: () => {
      loaded.current = null;
    },
  };
}

/** The server's field errors of a refused save, on the form's own fields. */
export function showServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: object,
) {
  if (!isApiError(error)) return;
  for (const [field, messages] of Object.entries(error.fields ?? {}))
    if (field in fields) form.setError(field as Path<T>, { type: 'server', message: messages[0] });
}
