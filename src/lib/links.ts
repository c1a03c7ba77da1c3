// Addresses the shell and the static pages link to. No external photographers' site or social page is known
// yet, so both point at the product's own About page until real addresses are configured here.

/** The photographers' site (SPEC §1: linked from the footer; opens in a new tab). */
export const PHOTOGRAPHERS_SITE_URL = '/about#photographers';

/** Where visitors get help (the product's social page in the spec): the contact section of About for now. */
export const CONTACT_PAGE_URL = '/about#contact';
