/**
 * A small WebDriver (classic) client over fetch, for WebKitGTK: its driver speaks no BiDi and no npm
 * package drives it without downloading a driver of its own.
 */

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT]: string;
}

export class WebDriverError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(`${error}: ${message}`);
  }
}

/** One WebDriver session: every command of the protocol the harness needs, nothing more. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  static async create(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
    const value = await command<{ sessionId: string; capabilities: Record<string, unknown> }>(
      'POST',
      `${driverUrl}/session`,
      { capabilities: { alwaysMatch: capabilities } },
    );
    return new WebDriverSession(driverUrl, value.sessionId, value.capabilities);
  }

  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    return command<T>(method, `${this.base}/session/${this.id}${path}`, body);
  }

  navigate = (url: string) => this.send<null>('POST', '/url', { url });
  currentUrl = () => this.send<string>('GET', '/url');
  back = () => this.send<null>('POST', '/back', {});
  refresh = () => this.send<null>('POST', '/refresh', {});
  cookies = () => this.send<{ name: string; value: string }[]>('GET', '/cookie');
  addCookie = (name: string, value: string) =>
    this.send<null>('POST', '/cookie', { cookie: { name, value, path: '/' } });
  deleteCookies = () => this.send<null>('DELETE', '/cookie');
  setWindowRect = (rect: { width: number; height: number }) =>
    this.send<object>('POST', '/window/rect', rect);

  /** Runs `body` (a function body; `arguments` holds `args`) and resolves with what it returns. */
  execute = <T>(body: string, args: unknown[]) =>
    this.send<T>('POST', '/execute/sync', { script: body, args });
  /** Like `execute`, resolving with what the page passes to the last argument, a callback. */
  executeAsync = <T>(body: string, args: unknown[]) =>
    this.send<T>('POST', '/execute/async', { script: body, args });

  find = (css: string) =>
    this.send<ElementRef>('POST', '/element', { using: 'css selector', value: css }).then(
      (ref) => ref[ELEMENT],
    );
  click = (element: string) => this.send<null>('POST', `/element/${element}/click`, {});
  clear = (element: string) => this.send<null>('POST', `/element/${element}/clear`, {});
  sendKeys = (element: string, text: string) =>
    this.send<null>('POST', `/element/${element}/value`, { text });
  actions = (actions: object[]) => this.send<null>('POST', '/actions', { actions });
  releaseActions = () => this.send<null>('DELETE', '/actions');

  close = () => this.send<null>('DELETE', '');
}

async function command<T>(method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json; charset=utf-8' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const { value } = JSON.parse(text) as { value: T & { error?: string; message?: string } };
  if (!response.ok || (value && typeof value === 'object' && 'error' in value && value.error))
    throw new WebDriverError(String(value?.error ?? response.status), String(value?.message ?? text));
  return value;
}

/** The element reference WebDriver expects as an argument to a script. */
export const elementArg = (id: string): ElementRef => ({ [ELEMENT]: id });
