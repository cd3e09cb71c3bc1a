/**
 * GET /wp-admin/admin-ajax.php?action=rest-nonce: WordPress's wp_ajax_rest_nonce(), which api-fetch
 * calls to replace a nonce the REST API refused. Like WordPress, it answers only a logged-in user
 * (wordpress/login.js).
 */
import { readFaults } from '../faults/switches.js';
import { isLoggedIn } from './login.js';

/** What wp_login_form() sends when the session has gone: a page, not a nonce. */
const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8"><title>Log In &lsaquo; Donation Pick-Up &#8212; WordPress</title></head>
<body class="login"><form name="loginform" id="loginform" action="/wp-login.php" method="post">
<p><label for="user_login">Username or Email Address</label><input type="text" name="log" id="user_login"></p>
<p><label for="user_pass">Password</label><input type="password" name="pwd" id="user_pass"></p>
<p class="submit"><input type="submit" name="wp-submit" id="wp-submit" value="Log In"></p></form></body></html>
`;

/**
 * @param {import('./nonces.js').NonceRegistry} nonces
 * @returns {import('express').RequestHandler}
 */
export function nonceRoute(nonces) {
  return (req, res) => {
    const faults = readFaults(req);
    // admin-ajax.php answers an unknown action with "0", and a failed referer check with "-1".
    if (req.query.action !== 'rest-nonce') return void res.status(400).type('html').send('0');
    // WordPress registers rest-nonce for logged-in users only (no wp_ajax_nopriv_ twin): a visitor gets
    // the same 400 "0" as an unknown action.
    if (!isLoggedIn(req)) return void res.status(400).type('html').send('0');
    if (faults.has('noncefail')) return void res.status(403).type('html').send('-1');
    if (faults.has('noncehtml')) return void res.status(200).type('html').send(LOGIN_PAGE);
    // wp_ajax_rest_nonce() exits with the nonce under admin-ajax.php's text/html header.
    res.status(200).type('html').send(nonces.issue());
  };
}
