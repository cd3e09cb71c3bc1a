/**
 * One line per request: method, path, status, milliseconds. A dropped connection (the `drop` fault,
 * or a client that gave up) shows as "dropped".
 * @type {import('express').RequestHandler}
 */
export function requestLog(req, res, next) {
  const start = process.hrtime.bigint();
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const status = res.writableFinished ? res.statusCode : 'dropped';
    console.log(`${req.method} ${req.originalUrl} ${status} ${ms.toFixed(1)}ms`);
  });
  next();
}
