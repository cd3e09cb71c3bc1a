/**
 * /__faults/: sets the `mock-fault` cookie by hand, so a developer can see how the islands cope with
 * each fault in a real browser.
 */
import jsonServer from 'json-server';
import { FAULT_COOKIE, FAULT_HELP } from '../faults/switches.js';
import { cookieHeader, readCookie } from '../lib/cookies.js';
import { html } from '../lib/html.js';
import { pageHandler } from './pages.js';

/**
 * A switch's help, its values in backticks set as code.
 * @param {string} text
 */
const withCode = (text) =>
  text.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part));

/**
 * @param {import('express').Application} app
 * @param {import('../wordpress/nonces.js').NonceRegistry} nonces
 */
export function addFaultsPage(app, nonces) {
  app.get(
    '/__faults/',
    pageHandler(nonces, (req) => {
      const current = readCookie(req.headers.cookie, FAULT_COOKIE) ?? '';
      return {
        title: 'Fault switches',
        content: html`<h1>Fault switches</h1>
<p>Faults in the <code>${FAULT_COOKIE}</code> cookie apply to every request this browser sends to the mock server.
  Separate several with commas, e.g. <code>delay=2000,xss</code>.</p>
<p class="alert alert-info">Now: ${current ? html`<code>${current}</code>` : 'no faults'}</p>
<form class="faults-form" method="post" action="/__faults/">
  <p><label for="fault">Faults</label><input id="fault" name="fault" value="${current}" spellcheck="false"></p>
  <p><button type="submit">Set the cookie</button> <button type="submit" name="clear" value="1">Clear</button></p>
</form>
<table>
  <caption>Every switch</caption>
  <thead><tr><th scope="col">Fault</th><th scope="col">Effect</th></tr></thead>
  <tbody>${FAULT_HELP.map(([name, what]) => html`<tr><td><code>${name}</code></td><td>${withCode(what)}</td></tr>`)}</tbody>
</table>`,
      };
    }),
  );
  app.post('/__faults/', ...jsonServer.bodyParser, (req, res) => {
    const fault = req.body?.clear || typeof req.body?.fault !== 'string' ? '' : req.body.fault.trim();
    const cookie = fault
      ? cookieHeader(FAULT_COOKIE, fault, { httpOnly: false })
      : `${FAULT_COOKIE}=; Path=/; Max-Age=0`;
    res.set('Set-Cookie', cookie).redirect(303, '/__faults/');
  });
}
