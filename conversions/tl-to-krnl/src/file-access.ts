// Schedule files are read from the file system where there is one (Node): taken at call time, so that the lowering
// also runs in a browser (the playground), where a schedule file is an error instead.
interface FileSystem {
  readFileSync(path: string, encoding: 'utf8'): string;
  accessSync(path: string): void;
}

/** Node's `fs`, or undefined without a file system. */
export function fileSystem(): FileSystem | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  return proc?.getBuiltinModule?.('node:fs') as FileSystem | undefined;
}

export const NO_FILE_SYSTEM = 'schedule files are read by the command-line tools (there is no file system here)';
