import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './routes/areas';

const APP_NAME = 'Assessment Console';

/** The title of the deepest matched route that declares one (route `handle.title`). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Sets document.title to "<page> · Assessment Console". */
export function usePageTitle() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
