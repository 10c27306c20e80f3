/** Spec section 8: the generic failure banner's text. */
export const errorBannerText = 'Something went wrong. Please check your internet connection and try again.';

/** The banner opens on HTTP 1xx, 429 and 500 and above; other statuses (404, 422…) never open it. */
export function opensErrorBanner(status: number): boolean {
  return status < 200 || status === 429 || status >= 500;
}
