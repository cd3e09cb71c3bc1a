/**
 * Hostile strings for the `xss` fault. Every one tries to run `window.__pwned = true`, so a browser
 * test passes when the trap stays unset and the text shows up literally. Sources: OWASP's XSS filter
 * evasion cheat sheet, PortSwigger's XSS cheat sheet and known DOMPurify/mXSS bypasses.
 */

const RUN = 'window.__pwned=true';

/** @type {readonly string[]} */
export const XSS_PAYLOADS = Object.freeze([
  // Script elements, plain and breaking out of common contexts.
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `"><script>${RUN}</script>`,
  `'><script>${RUN}</script>`,
  `</script><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `</style><script>${RUN}</script>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  // Event handler attributes.
  `<img src=x onerror="${RUN}">`,
  `<img src="x" onerror=${RUN}//`,
  `<body onload=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<details open ontoggle=${RUN}>`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror=${RUN}>`,
  `<marquee onstart=${RUN}>pick-up</marquee>`,
  `<div onpointerover="${RUN}" style="position:fixed;inset:0">hover</div>`,
  `" onmouseover="${RUN}" x="`,
  `' onfocus='${RUN}' autofocus='`,
  // javascript: and data: URLs.
  `javascript:${RUN}`,
  ` JaVaScRiPt:${RUN}`,
  `<a href="javascript:${RUN}">Sofa</a>`,
  `<a href="jav&#x09;ascript:${RUN}">Dresser</a>`,
  `<iframe src="javascript:parent.__pwned=true"></iframe>`,
  `<iframe srcdoc="<script>parent.__pwned=true</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="data:text/html,<script>parent.__pwned=true</script>">`,
  `<form><button formaction="javascript:${RUN}">Search</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  // SVG and MathML.
  `<svg onload=${RUN}>`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><animate onbegin=${RUN} attributeName=x dur=1s>`,
  `<svg><a xlink:href="javascript:${RUN}"><text x="20" y="20">Boxes</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<math href="javascript:${RUN}">Misc Items</math>`,
  // Broken markup and parser differentials (mXSS).
  `<img src="x" onerror="${RUN}"`,
  `<!--<img src="--><img src=x onerror=${RUN}//">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<style>@import 'javascript:${RUN}';</style>`,
  `<div style="background:url(javascript:${RUN})">`,
  // Template and string injection into code that builds code.
  `{{constructor.constructor('${RUN}')()}}`,
  `\${${RUN}}`,
  `';${RUN};//`,
  `";${RUN};//`,
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
  `%3Cscript%3E${RUN}%3C%2Fscript%3E`,
  `\\u003cscript\\u003e${RUN}\\u003c/script\\u003e`,
  // Very long, right-to-left, emoji, control characters.
  `${'Sofa, Dresser, '.repeat(400)}<img src=x onerror=${RUN}>`,
  `${'W'.repeat(5000)}<script>${RUN}</script>`,
  `\u202eSofa\u202c <img src=x onerror=${RUN}> \u05e1\u05e4\u05d4 \u0623\u0631\u064a\u0643\u0629`,
  `🛋️📦👕 <img src=x onerror=${RUN}> 🧸👨‍👩‍👧‍👦`,
  `Sofa\u0000<script>${RUN}</script>`,
  `Line\nbreak\r\n<script>${RUN}</script>\t`,
]);
