// Runs first on every page the front door serves: records what went wrong on the page in any engine
// (uncaught errors, unhandled rejections, console errors and warnings, CSP violations), where a test
// reads it back with `page.problems()`.
(() => {
  const problems = [];
  Object.defineProperty(window, '__harnessProblems', { value: problems });
  addEventListener('error', (event) => problems.push(`error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => problems.push(`unhandled rejection: ${event.reason}`));
  document.addEventListener('securitypolicyviolation', (event) =>
    problems.push(`csp: ${event.violatedDirective} ${event.blockedURI}`),
  );
  for (const level of ['error', 'warn']) {
    const original = console[level];
    console[level] = (...args) => {
      problems.push(`console.${level}: ${args.map(String).join(' ')}`);
      original.apply(console, args);
    };
  }
})();
