import { currentPosition, LocateFailure, POSITION_WAIT_MS } from './current-position.ts';

type Answer = (success: PositionCallback, failure: PositionErrorCallback) => void;

/** A browser's geolocation that answers a request as `answer` does, and remembers the options asked with. */
function geolocation(answer: Answer) {
  const asked: PositionOptions[] = [];
  const fake = {
    getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) {
      asked.push(options);
      answer(success, failure);
    },
  } as unknown as Geolocation;
  return { fake, asked };
}

const at =
  (latitude: number, longitude: number): Answer =>
  (success) =>
    queueMicrotask(() => success({ coords: { latitude, longitude } } as GeolocationPosition));
const failing =
  (code: number): Answer =>
  (_success, failure) =>
    queueMicrotask(() => failure({ code, message: '' } as GeolocationPositionError));

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof LocateFailure ? error.reason : error),
  );

afterEach(() => vi.useRealTimers());

test('the position the browser tells, asked for coarsely, a recent one welcome', async () => {
  const { fake, asked } = geolocation(at(41.8819, -87.6278));
  await expect(currentPosition(fake, new AbortController().signal)).resolves.toEqual({
    lat: 41.8819,
    lng: -87.6278,
  });
  expect(asked).toEqual([{ enableHighAccuracy: false, maximumAge: 300_000, timeout: 20_000 }]);
});

test.each([
  [1, 'denied'],
  [2, 'unavailable'],
  [3, 'timeout'],
  [9, 'unavailable'],
])('the browser’s error %i is the reason %s', async (code, reason) => {
  const { fake } = geolocation(failing(code));
  expect(await reasonOf(currentPosition(fake, new AbortController().signal))).toBe(reason);
});

test('a position that is no place, and a browser that will not ask, are no position', async () => {
  expect(
    await reasonOf(currentPosition(geolocation(at(Number.NaN, 3)).fake, new AbortController().signal)),
  ).toBe('unavailable');
  const refusing = geolocation(() => {
    throw new DOMException('not allowed', 'SecurityError');
  });
  expect(await reasonOf(currentPosition(refusing.fake, new AbortController().signal))).toBe('unavailable');
});

test('a prompt nobody answers ends after the wait, and a late answer changes nothing', async () => {
  vi.useFakeTimers();
  let late: PositionCallback = () => {};
  const { fake } = geolocation((success) => {
    late = success;
  });
  const outcome = reasonOf(currentPosition(fake, new AbortController().signal));
  await vi.advanceTimersByTimeAsync(POSITION_WAIT_MS - 1);
  let settled = false;
  void outcome.then(() => {
    settled = true;
  });
  await Promise.resolve();
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await outcome).toBe('timeout');
  late({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
  expect(await outcome).toBe('timeout');
});

test('a press given up rejects with its reason at once', async () => {
  const controller = new AbortController();
  const outcome = reasonOf(currentPosition(geolocation(() => {}).fake, controller.signal));
  const reason = new Error('given up');
  controller.abort(reason);
  expect(await outcome).toBe(reason);
});
