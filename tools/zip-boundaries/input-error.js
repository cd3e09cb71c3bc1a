/**
 * A problem with what the admin gave the command: a file that is not what it should be, a field
 * that is missing, an option out of range. The command prints its message alone, without a stack,
 * so the message names the file (and the field or record) itself.
 */
export class InputError extends Error {
  /**
   * @param {string} message
   * @param {{ cause?: unknown }} [options]
   */
  constructor(message, options) {
    super(message, options);
    this.name = 'InputError';
  }
}
