import { describe, expect, it, vi } from 'vitest';
import { BuildFailure, makeAndPublish, type RunOptions } from './boundaries-run.ts';
import { type Piece, SiteError, type SiteStatus } from './site-client.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

const LIMITS = { index: 1e6, bundle: 1e6, kml: 1e6, files: 1e6, bytes: 1e9, batch: 4096 };
const PUBLISHED: SiteStatus = { status: ['The site serves outlines for 2 zips.'], limits: LIMITS };

/** A worker stand-in: what the page told it, and a way to speak as it. */
function fakeWorker() {
  const told: ToWorker[] = [];
  const worker = {
    onmessage: null as ((event: { data: FromWorker }) => void) | null,
    onerror: null as ((event: { message: string; preventDefault(): void }) => void) | null,
    terminated: false,
    postMessage: (message: ToWorker) => told.push(message),
    terminate() {
      this.terminated = true;
    },
  };
  const say = (...messages: FromWorker[]) => {
    for (const data of messages) worker.onmessage?.({ data });
  };
  return { worker, told, say };
}

/** A site stand-in that takes every batch, unless `send` says otherwise. */
function fakeClient(send: (pieces: Piece[]) => Promise<unknown> = async () => ({ received: 1 })) {
  const calls: string[] = [];
  const sent: Piece[][] = [];
  return {
    calls,
    sent,
    client: {
      begin: vi.fn(async () => {
        calls.push('begin');
        return 'run1';
      }),
      send: vi.fn(async (_run: string, pieces: Piece[]) => {
        calls.push('send');
        await send(pieces);
        sent.push(pieces);
        return { received: pieces.length };
      }),
      finish: vi.fn(async (_run: string, only: string) => {
        calls.push(`finish ${only}`);
        return PUBLISHED;
      }),
      cancel: vi.fn(async () => {
        calls.push('cancel');
        return { cancelled: true };
      }),
    },
  };
}

function options(worker: unknown, client: unknown, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    files: [],
    only: 'RI',
    onlyLabel: 'Only these zips',
    client: client as RunOptions['client'],
    limits: LIMITS,
    startWorker: () => worker as Worker,
    signal: new AbortController().signal,
    stage: () => {},
    progress: () => {},
    ...extra,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one run of the boundary tool', () => {
  it('sends the files as the worker writes them, tells it what was sent, then publishes with the chosen zips', async () => {
    const { worker, told, say } = fakeWorker();
    const site = fakeClient();
    const progress: [number, number][] = [];
    const done = makeAndPublish(options(worker, site.client, { progress: (...p) => progress.push(p) }));
    await tick();
    expect(told[0]).toMatchObject({ type: 'make', only: 'RI', onlyLabel: 'Only these zips' });
    say(
      { type: 'stage', stage: 'write' },
      { type: 'progress', written: 1, total: 2 },
      { type: 'file', name: 'zips028.json', text: 'b'.repeat(1000), bytes: 1000 },
      { type: 'file', name: 'zip02801.kml', text: 'k'.repeat(1000), bytes: 1000 },
      { type: 'file', name: 'zip02802.kml', text: 'k'.repeat(1500), bytes: 1500 },
    );
    await tick();
    // A full batch left before the worker was done.
    expect(site.sent.length).toBe(1);
    say({ type: 'file', name: 'zips.json', text: '{}', bytes: 2 }, { type: 'done', summary: {} as never });
    expect(await done).toBe(PUBLISHED);
    expect(site.sent.flat().map((piece) => piece.name)).toEqual([
      'zips028.json',
      'zip02801.kml',
      'zip02802.kml',
      'zips.json',
    ]);
    expect(site.calls.at(-1)).toBe('finish RI');
    expect(
      told.filter((m) => m.type === 'sent').reduce((sum, m) => sum + (m.type === 'sent' ? m.bytes : 0), 0),
    ).toBe(3502);
    expect(progress.at(-1)).toEqual([2, 2]);
    expect(worker.terminated).toBe(true);
  });

  it('tries a batch again after a failure on the way, and halves it when a server in front finds it too large', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { worker, say } = fakeWorker();
      let failures = 0;
      const site = fakeClient(async (pieces) => {
        if (pieces.length > 1 && pieces.some((piece) => piece.name === 'zip02801.kml'))
          throw new SiteError('Request Entity Too Large', 413, '');
        if (failures++ === 0) throw new SiteError('Failed to fetch', 0, '');
      });
      const done = makeAndPublish(options(worker, site.client, { limits: { ...LIMITS, batch: 40_000 } }));
      await vi.advanceTimersByTimeAsync(0);
      say(
        { type: 'file', name: 'zips028.json', text: 'b'.repeat(15_000), bytes: 15_000 },
        { type: 'file', name: 'zip02801.kml', text: 'k'.repeat(15_000), bytes: 15_000 },
        { type: 'done', summary: {} as never },
      );
      await vi.advanceTimersByTimeAsync(1000);
      expect(await done).toBe(PUBLISHED);
      expect(site.sent.map((batch) => batch.map((piece) => piece.name))).toEqual([
        ['zips028.json'],
        ['zip02801.kml'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries a batch again while the site is still at work on the one before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { worker, say } = fakeWorker();
      let tries = 0;
      const site = fakeClient(async () => {
        if (tries++ === 0)
          throw new SiteError(
            'The site is still working on another request',
            409,
            'donation_widgets_boundary_busy',
          );
      });
      const done = makeAndPublish(options(worker, site.client));
      await vi.advanceTimersByTimeAsync(0);
      say(
        { type: 'file', name: 'zip02801.kml', text: 'k'.repeat(100), bytes: 100 },
        { type: 'done', summary: {} as never },
      );
      await vi.advanceTimersByTimeAsync(1000);
      expect(await done).toBe(PUBLISHED);
      expect(site.calls).toEqual(['begin', 'send', 'send', 'finish RI']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the worker and ends the run on the site when cancelled', async () => {
    const { worker } = fakeWorker();
    const site = fakeClient();
    const controller = new AbortController();
    const done = makeAndPublish(options(worker, site.client, { signal: controller.signal }));
    await tick();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
    expect(site.calls).toEqual(['begin', 'cancel']);
  });

  it('passes on what the worker could not read, and ends the run on the site', async () => {
    const { worker, say } = fakeWorker();
    const site = fakeClient();
    const done = makeAndPublish(options(worker, site.client));
    await tick();
    say({ type: 'failed', message: 'zcta.shp: choose zcta.dbf with it', input: true });
    await expect(done).rejects.toEqual(new BuildFailure('zcta.shp: choose zcta.dbf with it', true));
    expect(site.calls).toEqual(['begin', 'cancel']);
  });

  it('passes on the site’s refusal, which names the file, without trying again', async () => {
    const { worker, say } = fakeWorker();
    const site = fakeClient(async () => {
      throw new SiteError(
        'evil.php: not a name the boundary files have.',
        400,
        'donation_widgets_boundary_refused',
      );
    });
    const done = makeAndPublish(options(worker, site.client));
    await tick();
    say({ type: 'file', name: 'evil.php', text: '<?php', bytes: 5 }, { type: 'done', summary: {} as never });
    await expect(done).rejects.toThrow('evil.php: not a name the boundary files have.');
    expect(site.calls).toEqual(['begin', 'send', 'cancel']);
  });
});
