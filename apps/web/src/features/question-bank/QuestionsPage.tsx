import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Questions (/admin/questions), issue 11 (filled in by its issue). */
export { PlaceholderRoute as Component };
