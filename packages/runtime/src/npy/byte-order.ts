/** Whether this machine stores typed-array elements little-endian (as .npy files written by tlir do). */
export const platformIsLittleEndian: boolean = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reverses the bytes of every `width`-byte element of `bytes`, in place. */
export function swapByteOrder(bytes: Uint8Array, width: number): void {
  if (width === 1) return;
  for (let at = 0; at + width <= bytes.length; at += width) {
    for (let i = 0, j = width - 1; i < j; i++, j--) {
      const t = bytes[at + i]!;
      bytes[at + i] = bytes[at + j]!;
      bytes[at + j] = t;
    }
  }
}
