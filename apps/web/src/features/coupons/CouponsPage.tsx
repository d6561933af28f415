import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Coupons (/admin/Coupons), issue 17 (filled in by its issue). */
export { PlaceholderRoute as Component };
