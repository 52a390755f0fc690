/**
 * A file-system error (`ENOENT` and friends) in words, as the tools print it after the file name:
 * `tl-opt: could not open 'x.mlir': No such file or directory`. Shared by tl-opt, tl-translate and tl-run.
 */
export function describeFsError(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ENOENT') return 'No such file or directory';
  if (code === 'EISDIR') return 'Is a directory';
  if (code === 'EACCES') return 'Permission denied';
  if (code === 'ENOTDIR') return 'Not a directory';
  return e instanceof Error ? e.message : String(e);
}
