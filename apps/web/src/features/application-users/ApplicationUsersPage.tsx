import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Application Users (/admin/applicationUsers), issue 17 (filled in by its issue). */
export { PlaceholderRoute as Component };
