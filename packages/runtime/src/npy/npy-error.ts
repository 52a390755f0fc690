/** A .npy file tlir cannot read, or an array it cannot write: the file and what is wrong. */
export class NpyError extends Error {
  constructor(
    /** The file name given to the reader or writer ('<npy>' when none was). */
    readonly file: string,
    /** What is wrong, without the file name. */
    readonly detail: string,
  ) {
    super(`${file}: error: ${detail}`);
    this.name = 'NpyError';
  }
}
