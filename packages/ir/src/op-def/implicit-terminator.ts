import type { Region } from '../region.js';
import { Block } from '../block.js';
import type { Location } from '../location.js';
import { Operation } from '../operation.js';
import type { Trait } from '../trait.js';
import type { Context } from '../context.js';
import { Terminator } from '../traits.js';

/** MLIR's SingleBlockImplicitTerminator<"name">: one block per region, ending with `name`, which custom forms may leave out. */
export interface ImplicitTerminatorTrait extends Trait {
  readonly terminator: string;
}

const cache = new Map<string, ImplicitTerminatorTrait>();

/**
 * The op's regions have at most one block, ending with a `terminator` op; in custom form a terminator
 * without operands or attributes is left out and added back by the parser (scf.for's `scf.yield`).
 */
export function SingleBlockImplicitTerminator(terminator: string): ImplicitTerminatorTrait {
  let t = cache.get(terminator);
  if (!t) {
    t = Object.freeze({
      name: `SingleBlockImplicitTerminator<${terminator}>`,
      terminator,
      // MLIR's SingleBlock::verifyTrait: one block per region, which holds at least its terminator.
      verify(op) {
        for (const r of op.regions) {
          if (r.numBlocks > 1) {
            op.emitOpError(`expects region #${r.index} to have 0 or 1 blocks`);
            return false;
          }
          if (r.firstBlock?.empty) {
            op.emitOpError('expects a non-empty block');
            return false;
          }
        }
        return true;
      },
      verifyRegions(op) {
        for (const r of op.regions) {
          const block = r.firstBlock;
          if (!block) continue;
          const last = block.lastOp;
          if (last?.name === terminator) continue;
          const d = op.emitOpError(`expects regions to end with '${terminator}', found '${last?.name ?? ''}'`);
          // MLIR attaches the note without a location: it is the op's.
          if (last) d.attachNote(op.loc, `in custom textual format, the absence of terminator implies '${terminator}'`);
          return false;
        }
        return true;
      },
    } satisfies ImplicitTerminatorTrait);
    cache.set(terminator, t);
  }
  return t;
}

/**
 * Adds the implicit terminator to a parsed region, as MLIR's ensureRegionTerminator: a block if there is none,
 * and the terminator when the block does not end with a registered terminator (after an unregistered op too:
 * `scf.if %c { "t.op"() : () -> () }` gets its `scf.yield`, which the printer then leaves out again).
 */
export function ensureTerminator(ctx: Context, region: Region, terminator: string, loc: Location): void {
  if (region.empty) region.pushBack(new Block());
  const block = region.firstBlock!;
  const last = block.lastOp;
  if (last && last.isRegistered && last.hasTrait(Terminator)) return;
  block.append(Operation.create(ctx, { name: terminator, loc }));
}
