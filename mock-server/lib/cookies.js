/**
 * @param {string | undefined} header the request's Cookie header
 * @param {string} name
 * @returns {string | undefined} the value, URL-decoded when it can be
 */
export function readCookie(header, name) {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/**
 * @param {string} name
 * @param {string} value
 * @param {{httpOnly?: boolean}} [options]
 */
export const cookieHeader = (name, value, { httpOnly = true } = {}) =>
  `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}`;
