/**
 * A new public id (16 random bytes, URL-safe base64): what the wire uses for rows a device makes and links
 * name (a store service's hashed id, a visit's). Unguessable, so a link cannot be found by trying.
 */
export function newHashId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
