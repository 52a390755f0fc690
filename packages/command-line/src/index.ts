// The public surface of @tlir/command-line: the command-line parser of tl-opt, tl-translate and tl-run.
export { booleanFlag, flagHelp, parseCommandLine, type CommandLine, type Flag, type FlagValue } from './command-line.js';
