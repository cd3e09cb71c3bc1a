/**
 * A vitest reporter for the repeat command (run.mjs): writes every failure of one run, as JSON, to the
 * file named by FLAKY_REPORT. A failure is a test that failed, a test that passed only on a retry (still
 * flaky), a suite whose hook failed, a file that failed to load, or an error outside any test.
 */
import { writeFileSync } from 'node:fs';
import { failureOf } from './tally.mjs';

export default class FlakyReporter {
  /** @param {readonly import('vitest/node').TestModule[]} testModules @param {readonly { message?: string }[]} unhandledErrors */
  onTestRunEnd(testModules, unhandledErrors) {
    const failures = [];
    for (const module of testModules) {
      const file = module.relativeModuleId;
      const project = module.project.name;
      const errors = module.errors();
      if (errors.length > 0) failures.push(failureOf(project, file, [], '(the file)', errors));
      for (const suite of module.children.allSuites()) {
        const suiteErrors = suite.errors();
        if (suiteErrors.length > 0)
          failures.push(failureOf(project, file, titles(suite), '(a hook of the suite)', suiteErrors));
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        const retried = test.diagnostic()?.flaky === true;
        if (result.state === 'failed' || retried)
          failures.push(failureOf(project, file, titles(test.parent), test.name, result.errors ?? []));
      }
    }
    for (const error of unhandledErrors)
      failures.push(failureOf('', '(outside any test file)', [], '(an unhandled error)', [error]));
    writeFileSync(process.env.FLAKY_REPORT ?? 'flaky-report.json', JSON.stringify(failures));
  }
}

/** The titles of the suites from the file down to `suite` (none for the file itself). */
function titles(suite) {
  const names = [];
  for (let at = suite; at.type === 'suite'; at = at.parent) names.unshift(at.name);
  return names;
}
