import { strategiesFrom } from './index.ts';
import type { Strategy } from './strategy.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The strategies with `intent` served by `chunk` (or failing to download when it is an Error). */
function withIntentChunk(chunk: Strategy | Error) {
  const asked: string[] = [];
  const strategies = strategiesFrom({ intent: ['strategy-intent-A.js', 'chunk-B.js'] }, (file) => {
    asked.push(file);
    return chunk instanceof Error ? Promise.reject(chunk) : Promise.resolve({ intent: chunk });
  });
  return { strategies, asked };
}

describe('a strategy that is a chunk of its own', () => {
  it('downloads its files with the first host, then does what it says: here, hands over what it held', async () => {
    const held = new FormData();
    const intent = vi.fn<Strategy>(() => () => held);
    const { strategies, asked } = withIntentChunk(intent);
    const start = vi.fn();
    const host = document.createElement('div');
    const handOver = strategies.intent(host, new AbortController().signal, start);
    expect(asked.sort()).toEqual(['chunk-B.js', 'strategy-intent-A.js']);
    expect(handOver?.()).toBeUndefined();
    await settle();
    expect(intent).toHaveBeenCalledWith(host, expect.any(AbortSignal), start);
    expect(start).not.toHaveBeenCalled();
    expect(handOver?.()).toBe(held);
  });

  it('loads the island at once when it cannot be downloaded', async () => {
    const { strategies } = withIntentChunk(new Error('offline'));
    const start = vi.fn();
    strategies.intent(document.createElement('div'), new AbortController().signal, start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a host that left the page while it was downloading', async () => {
    const intent = vi.fn<Strategy>();
    const { strategies } = withIntentChunk(intent);
    const controller = new AbortController();
    const start = vi.fn();
    strategies.intent(document.createElement('div'), controller.signal, start);
    controller.abort();
    await settle();
    expect(intent).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
  });

  it('holds a form submitted before it arrived, and submits it again for the strategy once it has', async () => {
    const seen: Event[] = [];
    const intent = vi.fn<Strategy>((host) => {
      host.addEventListener('submit', (event) => {
        event.preventDefault();
        seen.push(event);
      });
      return undefined;
    });
    const { strategies } = withIntentChunk(intent);
    const host = document.createElement('div');
    host.innerHTML = '<form><button name="go" value="1">Search</button></form>';
    document.body.append(host);
    onTestFinished(() => host.remove());
    strategies.intent(host, new AbortController().signal, vi.fn());
    const button = host.querySelector('button') as HTMLButtonElement;
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    host.querySelector('form')?.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    await settle();
    expect(seen).toHaveLength(1);
    expect((seen[0] as SubmitEvent).submitter).toBe(button);
  });

  it('without its strategy, loads the island and lets a form submitted meanwhile do what it does without JavaScript', async () => {
    const { strategies } = withIntentChunk(new Error('offline'));
    const host = document.createElement('div');
    host.innerHTML = '<form></form>';
    document.body.append(host);
    onTestFinished(() => host.remove());
    const form = host.querySelector('form') as HTMLFormElement;
    const submitted = vi.spyOn(form, 'submit').mockImplementation(() => {});
    const start = vi.fn();
    strategies.intent(host, new AbortController().signal, start);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('leaves `load` in the loader: it starts at once and downloads nothing', () => {
    const { strategies, asked } = withIntentChunk(vi.fn<Strategy>());
    const start = vi.fn();
    strategies.load(document.createElement('div'), new AbortController().signal, start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([]);
  });
});
