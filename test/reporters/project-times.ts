/**
 * Writes how long each project of a run took to test-results/project-times.json, for `.ci/run` to put
 * into docs/ci-run.md: the CI record says where the run's time goes, project by project, without anyone
 * reading a log. A project's time is from its first file's start to its last file's end (wall time, what
 * the run waits for); the files' own times are summed beside it, which shows how far its files overlapped.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTime {
  project: string;
  files: number;
  /** Seconds from the first file's start to the last file's end. */
  wall: number;
  /** The files' own seconds, summed. */
  summed: number;
}

interface Span {
  files: number;
  first: number;
  last: number;
  summed: number;
}

/** Each project's span, in the order the projects started. */
export function projectTimes(spans: ReadonlyMap<string, Span>): ProjectTime[] {
  return [...spans]
    .sort(([, a], [, b]) => a.first - b.first)
    .map(([project, span]) => ({
      project,
      files: span.files,
      wall: Math.round((span.last - span.first) / 1000),
      summed: Math.round(span.summed / 1000),
    }));
}

export default class ProjectTimesReporter implements Reporter {
  private readonly started = new Map<TestModule, number>();
  private readonly spans = new Map<string, Span>();

  private readonly file = path.join('test-results', 'project-times.json');

  onTestModuleStart(module: TestModule) {
    this.started.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now();
    const start = this.started.get(module) ?? end;
    const name = module.project.name || 'root';
    const span = this.spans.get(name) ?? { files: 0, first: start, last: end, summed: 0 };
    span.files += 1;
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, end);
    span.summed += end - start;
    this.spans.set(name, span);
  }

  onTestRunEnd() {
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(projectTimes(this.spans), null, 2)}\n`);
  }
}
