/**
 * One rule for an email address (DESIGN.md: one rule per field): the form, the server's checks, the stored
 * rows and the senders accept exactly the same values, or an address passes one and breaks the next (a text
 * sent, then refused when its row was written, then sent again). The rule is the WHATWG "valid e-mail address"
 * (what a browser's email field takes, so `first&last@x.co` and `a!b@y.example` are fine) with a dot in the
 * domain, as mail providers deliver; ASCII only, since not every provider takes internationalized addresses.
 */
export const emailAddressPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const emailAddressMaxLength = 254;

export const emailAddressMessage = 'Enter an email address like name@example.com';

export const isEmailAddress = (value: string): boolean => value.length <= emailAddressMaxLength && emailAddressPattern.test(value);
