import { describe, expect, it } from 'vitest';
import { projectTimes } from './project-times.ts';

describe('project times for the CI record', () => {
  it('lists projects in the order they started, wall time from first start to last end, files summed', () => {
    const spans = new Map([
      ['wordpress-7.1', { files: 2, first: 50_000, last: 110_400, summed: 60_000 }],
      ['browser', { files: 3, first: 10_000, last: 40_000, summed: 55_600 }],
    ]);
    expect(projectTimes(spans)).toEqual([
      { project: 'browser', files: 3, wall: 30, summed: 56 },
      { project: 'wordpress-7.1', files: 2, wall: 60, summed: 60 },
    ]);
  });
});
