import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AsmPrinter, type Operation } from '@tlir/ir';
import { printTensorLanguage } from '@tlir/frontend-tl';
import { renderDiagnostics, runFrontEnd, type FrontEndResult } from './front-end-harness.js';
import { choicesFrom, generateProgram } from './program-generator.js';
import { SCALE } from './property-settings.js';

/*
 * Random well-typed tensor-language programs (program-generator.ts) go through the front end, are printed back
 * as tensor language (what `tl-opt --emit=tl` prints) and parsed again: the two modules must be the same IR
 * (compared in MLIR's generic form, which shows every op, attribute and type), and the printed text must be a
 * fixed point of printing. Compile-time variables are resolved by the first parse, so the printed text has none.
 */

/** The front end on a text; an exception (a bug: users get diagnostics) is reported with the text. */
function runFrontEndOrShow(text: string, filename: string): FrontEndResult {
  try {
    return runFrontEnd(text, filename);
  } catch (e) {
    throw new Error(`the front end threw on ${filename}: ${e instanceof Error ? e.stack : String(e)}\n${text}`);
  }
}

const generic = (m: Operation): string => AsmPrinter.print(m, { generic: true });

function tlText(m: Operation): string {
  const printed = printTensorLanguage(m);
  if (typeof printed !== 'string') throw new Error(`--emit=tl failed: ${printed.message}`);
  return printed;
}

describe('tensor language: generated programs', () => {
  it('are accepted, print as tensor language and parse back to the same IR', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const program = generateProgram(choicesFrom(g, fc));
        const first = runFrontEndOrShow(program.text, 'generated.tl');
        expect(first.module, `the generated program was rejected:\n${renderDiagnostics(first)}\n${program.text}`).toBeDefined();
        const printed = tlText(first.module!);
        const second = runFrontEndOrShow(printed, 'printed.tl');
        expect(second.module, `the printed program was rejected:\n${renderDiagnostics(second)}\n${printed}\nfrom:\n${program.text}`).toBeDefined();
        expect(generic(second.module!), `printed:\n${printed}\nfrom:\n${program.text}`).toBe(generic(first.module!));
        expect(tlText(second.module!), 'printing is not a fixed point').toBe(printed);
      }),
      { numRuns: 150 * SCALE },
    );
  });
});
