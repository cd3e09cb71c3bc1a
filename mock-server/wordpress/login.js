/**
 * The demo's stand-in for a WordPress login: WordPress's signed-in cookie under the name
 * `wordpress_logged_in_<hash>`, here with the hash `demo`. There are no users or passwords; the cookie's
 * presence is the login, set and cleared at /__login/. What depends on it is what WordPress ties to
 * is_user_logged_in(): a page's REST nonce and admin-ajax.php's nonce refresh.
 */
import { readCookie } from '../lib/cookies.js';

export const LOGIN_COOKIE = 'wordpress_logged_in_demo';

/** The value the demo's login writes; any non-empty value counts, as the demo checks no password. */
export const LOGIN_VALUE = 'demo-editor';

/**
 * @param {import('express').Request} req
 * @returns {boolean} whether the request carries the demo's signed-in cookie
 */
export const isLoggedIn = (req) => Boolean(readCookie(req.headers.cookie, LOGIN_COOKIE));
