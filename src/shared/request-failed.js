// @ts-check
/**
 * What the REST client reports for a failure whose server named no message: its code. Plain JavaScript,
 * so that the demo server, which words a printed search's failures as the island does, says the same.
 * @param {string} code
 */
export const requestFailed = (code) => `The request failed (${code}).`;
