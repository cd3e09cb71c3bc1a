/**
 * /__login/: the demo's login switch. Off (the default), a page is what a visitor gets on a site with
 * the plugin: no REST nonce, so search answers are public and the site's kept answer serves a repeat.
 * On, the page is a logged-in user's: a nonce in the config, answers `private, no-cache`, and the nonce
 * refresh that the `noncefail` and `noncehtml` fault switches break.
 */
import jsonServer from 'json-server';
import { cookieHeader } from '../lib/cookies.js';
import { html } from '../lib/html.js';
import { isLoggedIn, LOGIN_COOKIE, LOGIN_VALUE } from '../wordpress/login.js';
import { pageHandler } from './pages.js';

/**
 * @param {import('express').Application} app
 * @param {import('../wordpress/nonces.js').NonceRegistry} nonces
 */
export function addLoginPage(app, nonces) {
  app.get(
    '/__login/',
    pageHandler(nonces, (req) => {
      const loggedIn = isLoggedIn(req);
      return {
        title: loggedIn ? 'Logged in' : 'Log in',
        content: html`<h1>${loggedIn ? 'Logged in' : 'Log in'}</h1>
<p class="alert alert-info">Now: ${loggedIn ? 'logged in as the demo editor' : 'a visitor, not logged in'}.</p>
<p>A visitor's page carries no REST nonce, as on a site with the plugin: searches are anonymous, their
  answers are <code>public</code>, and a repeated search is served from the answers the site keeps
  (<code>X-Donation-Widgets-Cache: hit</code>).</p>
<p>Logged in, every page carries a nonce: answers are <code>private, no-cache</code>, and a nonce the site
  refuses is refreshed once. The <a href="/__faults/">fault switches</a> <code>noncefail</code> and
  <code>noncehtml</code> break that refresh, so they show something only when logged in.</p>
<p>There is no password: the switch sets or clears the <code>${LOGIN_COOKIE}</code> cookie in this browser.</p>
<form class="faults-form" method="post" action="/__login/">
  <p>${
    loggedIn
      ? html`<button type="submit" name="logout" value="1">Log out</button>`
      : html`<button type="submit">Log in as the demo editor</button>`
  }</p>
</form>`,
      };
    }),
  );
  app.post('/__login/', ...jsonServer.bodyParser, (req, res) => {
    const cookie = req.body?.logout
      ? `${LOGIN_COOKIE}=; Path=/; Max-Age=0`
      : cookieHeader(LOGIN_COOKIE, LOGIN_VALUE);
    res.set('Set-Cookie', cookie).redirect(303, '/__login/');
  });
}
