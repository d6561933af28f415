import { PlaceholderRoute } from '../placeholders/PlaceholderRoute';

/** Providers (/admin/providerlist), issue 17 (filled in by its issue). */
export { PlaceholderRoute as Component };
