import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Category/topic tree with Import Questions (/admin/import), issue 11 (filled in by its issue). */
export { PlaceholderRoute as Component };
