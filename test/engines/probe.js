// Runs first on every page the front door serves, in every engine, and keeps what a test reads back:
// - `__harnessProblems`: uncaught errors, unhandled rejections, console errors and warnings, CSP violations;
// - `__harnessListening`: the event types listened for on the document, so a test can wait until an
//   island that shows nothing (the submit lock) is ready;
// - `__harnessShows`: one entry per pageshow, `restored` when the page came back from the back/forward
//   cache and `loaded` when it was loaded afresh;
// - `__harnessBodiesRead`: the URL of each response whose text the page has read, pushed before the
//   reader's own code resumes, so a test can tell when an answer reached the code that asked for it.
(() => {
  const problems = [];
  const listening = [];
  const shows = [];
  const bodiesRead = [];
  for (const [name, value] of Object.entries({
    __harnessProblems: problems,
    __harnessListening: listening,
    __harnessShows: shows,
    __harnessBodiesRead: bodiesRead,
  }))
    Object.defineProperty(window, name, { value });
  addEventListener('error', (event) => problems.push(`error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => problems.push(`unhandled rejection: ${event.reason}`));
  addEventListener('pageshow', (event) => shows.push(event.persisted ? 'restored' : 'loaded'));
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push(`csp: ${event.violatedDirective} ${event.blockedURI}`),
  );
  const readText = Response.prototype.text;
  Response.prototype.text = function () {
    return readText.call(this).then((text) => {
      bodiesRead.push(this.url);
      return text;
    });
  };
  const listen = document.addEventListener;
  document.addEventListener = function (type, ...rest) {
    listening.push(type);
    return listen.call(this, type, ...rest);
  };
  for (const level of ['error', 'warn']) {
    const original = console[level];
    console[level] = (...args) => {
      problems.push(`console.${level}: ${args.map(String).join(' ')}`);
      original.apply(console, args);
    };
  }
})();
