import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Provision Licenses (/admin/transactions), issue 17 (filled in by its issue). */
export { PlaceholderRoute as Component };
