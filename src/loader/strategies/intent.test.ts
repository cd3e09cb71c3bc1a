import { SUBMIT_LOCK_RELEASE_EVENT } from '../../shared/submit-lock-signal.ts';
import { intent } from './intent.ts';

const STATUS =
  '<div class="alert-before" role="status" data-working-text="Working..." data-working-class="alert alert-info"' +
  ' data-failed-text="The search could not be loaded." data-failed-class="alert alert-danger"></div>';

function waitingHost(
  inner = `<form><input name="zipcode" value="10001"><button>Search</button></form>${STATUS}`,
) {
  const host = document.createElement('div');
  host.innerHTML = inner;
  document.body.append(host);
  const controller = new AbortController();
  const start = vi.fn();
  const handOver = intent(host, controller.signal, start);
  return { host, controller, start, handOver };
}

const submit = (form: HTMLFormElement) => {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(event);
  return event;
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('the intent loading strategy', () => {
  it('waits while the visitor only reads the page: nothing elsewhere starts it', () => {
    const { start } = waitingHost();
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.dispatchEvent(new Event('scroll'));
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'])(
    'starts when the visitor reaches for the host (%s), and only once',
    (type) => {
      const { host, start } = waitingHost();
      host.querySelector('input')?.dispatchEvent(new Event(type, { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
      host.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(start).toHaveBeenCalledTimes(1);
    },
  );

  it("starts at once on a search's own address (one of the host's fields in the query), and only then", () => {
    history.replaceState(null, '', '/?zipcode=60601&radius=30');
    expect(waitingHost().start).toHaveBeenCalledTimes(1);
    // Another copy's field, or a parameter the form only carries along hidden, is no reach for this one.
    history.replaceState(null, '', '/?zipcode-2=60601&p=12');
    const hidden = `<form><input name="zipcode"><input type="hidden" name="p" value="12"></form>${STATUS}`;
    expect(waitingHost(hidden).start).not.toHaveBeenCalled();
    history.replaceState(null, '', '/');
  });

  it('holds a submit before the code arrives: no navigation, the status area says so, and the form data is handed over', () => {
    const { host, start, handOver } = waitingHost();
    const form = host.querySelector('form') as HTMLFormElement;
    expect(submit(form).defaultPrevented).toBe(true);
    expect(start).toHaveBeenCalledTimes(1);
    const status = host.querySelector('[role=status]') as HTMLElement;
    expect(status.textContent).toBe('Working...');
    expect(status.className).toBe('alert-before alert alert-info');
    expect(handOver?.()?.get('zipcode')).toBe('10001');
  });

  it('hands over the last of several submits, as typed when each was made', () => {
    const { host, handOver } = waitingHost();
    const form = host.querySelector('form') as HTMLFormElement;
    const input = host.querySelector('input') as HTMLInputElement;
    submit(form);
    input.value = '20002';
    submit(form);
    input.value = '30003';
    expect(host.querySelectorAll('[role=status] p')).toHaveLength(1);
    expect(handOver?.()?.get('zipcode')).toBe('20002');
  });

  it('hands over nothing without a submit, and stops holding once it has handed over', () => {
    const { host, handOver } = waitingHost();
    expect(handOver?.()).toBeUndefined();
    expect(submit(host.querySelector('form') as HTMLFormElement).defaultPrevented).toBe(false);
  });

  it('tells the visitor when the code cannot be loaded after a held submit, gives the buttons back and stops holding', () => {
    const { host, handOver } = waitingHost();
    const form = host.querySelector('form') as HTMLFormElement;
    const released = vi.fn();
    document.addEventListener(SUBMIT_LOCK_RELEASE_EVENT, released);
    onTestFinished(() => document.removeEventListener(SUBMIT_LOCK_RELEASE_EVENT, released));
    submit(form);
    handOver?.(true);
    const status = host.querySelector('[role=status]') as HTMLElement;
    expect(status.textContent).toBe('The search could not be loaded.');
    expect(status.className).toBe('alert-before alert alert-danger');
    expect(released).toHaveBeenCalledTimes(1);
    expect(submit(form).defaultPrevented).toBe(false);
  });

  it('says nothing when the code cannot be loaded and nothing was submitted', () => {
    const { host, handOver } = waitingHost();
    handOver?.(true);
    expect(host.querySelector('[role=status]')?.textContent).toBe('');
  });

  it('holds a submit even where the host prints no status area', () => {
    const { host, handOver } = waitingHost('<form><input name="zipcode" value="1"></form>');
    expect(submit(host.querySelector('form') as HTMLFormElement).defaultPrevented).toBe(true);
    expect(handOver?.()?.get('zipcode')).toBe('1');
  });

  it('stops waiting when the host leaves the page before the visitor reached for it', () => {
    const { host, controller, start } = waitingHost();
    controller.abort();
    host.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(submit(host.querySelector('form') as HTMLFormElement).defaultPrevented).toBe(false);
    expect(start).not.toHaveBeenCalled();
  });
});
