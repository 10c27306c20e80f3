/** The application name system notifications carry for this product (spec section 3: only those are shown). */
export const applicationName = 'AllTrac';
