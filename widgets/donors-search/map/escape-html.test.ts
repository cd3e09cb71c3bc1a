import { escapeHtml } from './escape-html.ts';

test.each([
  ['© OpenStreetMap contributors', '© OpenStreetMap contributors'],
  ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  [`"a" & 'b'`, '&quot;a&quot; &amp; &#39;b&#39;'],
])('escapeHtml(%j) is %j', (text, html) => {
  expect(escapeHtml(text)).toBe(html);
});
