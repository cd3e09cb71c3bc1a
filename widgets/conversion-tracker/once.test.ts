import { claimOnce, REMEMBERED_CLAIMS } from './once.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('claimOnce', () => {
  it.each([
    ['the same token again', 'session', 'session', false],
    ['another transaction id', 'transaction:1', 'transaction:2', true],
    ['the same transaction id', 'transaction:1', 'transaction:1', false],
  ])('after a first claim, %s claims: %s', (_, first, second, expected) => {
    expect(claimOnce('/thank-you/', first)).toBe(true);
    expect(claimOnce('/thank-you/', second)).toBe(expected);
  });

  it('remembers every transaction of the session, not only the last one', () => {
    expect(claimOnce('/thank-you/', 'transaction:A')).toBe(true);
    expect(claimOnce('/thank-you/', 'transaction:B')).toBe(true);
    expect(claimOnce('/thank-you/', 'transaction:A')).toBe(false);
    expect(claimOnce('/thank-you/', 'transaction:B')).toBe(false);
  });

  it('forgets the oldest transaction first once it remembers as many as it keeps', () => {
    for (let n = 0; n <= REMEMBERED_CLAIMS; n++)
      expect(claimOnce('/thank-you/', `transaction:${n}`)).toBe(true);
    expect(claimOnce('/thank-you/', `transaction:${REMEMBERED_CLAIMS}`)).toBe(false);
    expect(claimOnce('/thank-you/', 'transaction:1')).toBe(false);
    expect(claimOnce('/thank-you/', 'transaction:0')).toBe(true);
  });

  it('still knows the token an older build stored', () => {
    sessionStorage.setItem('donation-widgets:conversion:/thank-you/', 'transaction:A');
    expect(claimOnce('/thank-you/', 'transaction:A')).toBe(false);
    expect(claimOnce('/thank-you/', 'transaction:B')).toBe(true);
    expect(claimOnce('/thank-you/', 'transaction:A')).toBe(false);
  });

  it('keeps separate claims per conversion', () => {
    expect(claimOnce('/thank-you/', 'session')).toBe(true);
    expect(claimOnce('/sign-up/sign-up-complete/', 'session')).toBe(true);
  });

  it('claims every time, without throwing, when sessionStorage is blocked', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(claimOnce('/thank-you/', 'session')).toBe(true);
    expect(claimOnce('/thank-you/', 'session')).toBe(true);
  });

  it('claims without throwing when sessionStorage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(claimOnce('/thank-you/', 'session')).toBe(true);
  });

  it('lets a programming error through', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new TypeError('bug');
    });
    expect(() => claimOnce('/thank-you/', 'session')).toThrow('bug');
  });
});
