import { defineOperationNameMemo, defineOpInterface, defineTrait, isModuleOp, Pure, SymbolOpInterface, SymbolTrait, Terminator, type Operation } from '@tlir/ir';

// Memory effects, as traits (a small version of MLIR's MemoryEffectOpInterface). An op's effects are known when
// it is `Pure` or `NoMemoryEffect` (none), or has some of `MemRead`, `MemWrite`, `MemAlloc`, `MemFree` (those),
// or implements `MemoryEffectOpInterface` (effects that depend on the op's operands); otherwise (unregistered ops,
// ops that say nothing) it may do anything. `RecursiveMemoryEffects` ops (loops, conditionals) have the effects of
// the ops nested in them, besides their own.

/** The op has no memory effects, but may not be speculated (e.g. integer division, which may trap). */
export const NoMemoryEffect = defineTrait('NoMemoryEffect');
/** The op reads memory. */
export const MemRead = defineTrait('MemRead');
/** The op writes memory. */
export const MemWrite = defineTrait('MemWrite');
/** The op allocates the memory its results refer to (an unused allocation may be removed). */
export const MemAlloc = defineTrait('MemAlloc');
/** The op frees memory. */
export const MemFree = defineTrait('MemFree');
/** The op's effects include those of the ops in its regions (MLIR's HasRecursiveMemoryEffects). */
export const RecursiveMemoryEffects = defineTrait('RecursiveMemoryEffects');
/** The op may be speculated when the ops in its regions may (MLIR's RecursivelySpeculatable). */
export const RecursivelySpeculatable = defineTrait('RecursivelySpeculatable');

/** How far an op may be executed where it would not have run (MLIR's Speculation::Speculatability). */
export type Speculatability = 'not-speculatable' | 'speculatable' | 'recursively-speculatable';

/**
 * Speculatability that depends on the op itself (MLIR's ConditionallySpeculatable): a division is speculatable when
 * its divisor is a constant that cannot trap, a loop of step 1 when its body is.
 */
export const ConditionallySpeculatable = defineOpInterface<{ getSpeculatability(op: Operation): Speculatability }>('ConditionallySpeculatable');

export type MemoryEffect = 'read' | 'write' | 'allocate' | 'free';

const NONE: readonly MemoryEffect[] = Object.freeze([]);

/**
 * The effects of an op that the traits cannot state because they depend on the op itself (a dispatch that writes
 * the memrefs it is given, and touches no memory when it is given tensors). Consulted when the op has none of the
 * effect traits; `getEffects` returns undefined when the effects are unknown.
 */
export const MemoryEffectOpInterface = defineOpInterface<{ getEffects(op: Operation): readonly MemoryEffect[] | undefined }>('MemoryEffectOpInterface');

/**
 * The effects the traits of an op's definition state (frozen), or null when they state none, kept on the op's name:
 * passes ask for every op (the greedy driver, region DCE and CSE each once per op and iteration), and the answer
 * depends on the definition alone.
 */
const traitEffects = defineOperationNameMemo<readonly MemoryEffect[] | null>((name) => {
  if (name.hasTrait(Pure) || name.hasTrait(NoMemoryEffect)) return NONE;
  const list: MemoryEffect[] = [];
  if (name.hasTrait(MemRead)) list.push('read');
  if (name.hasTrait(MemWrite)) list.push('write');
  if (name.hasTrait(MemAlloc)) list.push('allocate');
  if (name.hasTrait(MemFree)) list.push('free');
  return list.length ? Object.freeze(list) : null;
});

/**
 * The op's own memory effects (not counting nested ops), or undefined when they are unknown. A
 * `RecursiveMemoryEffects` op without effect traits has no effects of its own. The list may be shared: do not
 * change it.
 */
export function getMemoryEffects(op: Operation): readonly MemoryEffect[] | undefined {
  const name = op.opName;
  if (name.def === undefined) return undefined;
  const effects = traitEffects.get(name);
  if (effects !== null) return effects;
  const iface = MemoryEffectOpInterface.get(op);
  if (iface) return iface.getEffects(op);
  return op.hasTrait(RecursiveMemoryEffects) ? NONE : undefined;
}

/** Whether the op, and the ops nested in it when its effects are recursive, touch no memory (MLIR's isMemoryEffectFree). */
export function isMemoryEffectFree(op: Operation): boolean {
  const own = getMemoryEffects(op);
  if (own === undefined || own.length) return false;
  if (!op.hasTrait(RecursiveMemoryEffects)) return true;
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) if (!isMemoryEffectFree(o)) return false;
    }
  }
  return true;
}

/** Whether the op only reads memory (its effects, nested ones included, are all reads and there is one). */
export function onlyReadsMemory(op: Operation): boolean {
  const own = getMemoryEffects(op);
  if (own === undefined) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== 'read') return false;
  if (!op.hasTrait(RecursiveMemoryEffects)) return own.length > 0;
  let reads = own.length > 0;
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) {
        if (isMemoryEffectFree(o)) continue;
        if (!onlyReadsMemory(o)) return false;
        reads = true;
      }
    }
  }
  return reads;
}

/** Whether the op may write memory or have unknown effects (anything but reads, allocations and nothing). */
export function mayWriteMemory(op: Operation): boolean {
  const own = getMemoryEffects(op);
  if (own === undefined || own.includes('write') || own.includes('free')) return true;
  if (!op.hasTrait(RecursiveMemoryEffects)) return false;
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) if (mayWriteMemory(o)) return true;
    }
  }
  return false;
}

/** Whether executing the op where it would not have run is safe (MLIR's isSpeculatable for the common cases). */
export function isSpeculatable(op: Operation): boolean {
  if (op.hasTrait(Pure)) return true;
  const conditional = ConditionallySpeculatable.get(op);
  if (conditional !== undefined) {
    const s = conditional.getSpeculatability(op);
    if (s !== 'recursively-speculatable') return s === 'speculatable';
  } else if (!op.hasTrait(RecursivelySpeculatable)) return false;
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) if (!isSpeculatable(o)) return false;
    }
  }
  return true;
}

/** Whether the op has no side effects and may be moved or duplicated freely (memory-effect free and speculatable). */
export function isPure(op: Operation): boolean {
  return isMemoryEffectFree(op) && isSpeculatable(op);
}

/**
 * Whether the op defines a symbol: it implements SymbolOpInterface or has the Symbol trait; a `builtin.module`
 * is one when it has a name (MLIR's optional symbol).
 */
export function isSymbolOp(op: Operation): boolean {
  if (op.hasTrait(SymbolTrait) || SymbolOpInterface.get(op) !== undefined) return true;
  return isModuleOp(op) && op.getInherentOrDiscardable('sym_name') !== undefined;
}

/**
 * Whether the op could be erased if its results were unused (MLIR's wouldOpBeTriviallyDead): not a terminator
 * or a symbol, and its effects (nested ones too, for recursive ops) are at most reads and allocations of its
 * own results. Unregistered ops are never trivially dead.
 */
export function wouldOpBeTriviallyDead(op: Operation): boolean {
  const known = erasableIfUnused.get(op.opName);
  if (known !== UNKNOWN) return known === YES;
  if (!op.isRegistered || op.hasTrait(Terminator) || isSymbolOp(op)) return false;
  return effectsAllowErasure(op);
}

const YES = 1;
const NO = 0;
const UNKNOWN = 2;

/**
 * wouldOpBeTriviallyDead's answer when the op's name decides it (YES or NO), or UNKNOWN when it depends on the op
 * (the effects of a MemoryEffectOpInterface op or of the ops nested in a recursive one; a module's `sym_name`).
 * Region DCE asks for every op in every iteration of the greedy driver.
 */
const erasableIfUnused = defineOperationNameMemo<number>((name) => {
  if (!name.isRegistered || name.hasTrait(Terminator) || name.hasTrait(SymbolTrait) || name.getInterface(SymbolOpInterface) !== undefined) return NO;
  if (name.name === 'builtin.module') return UNKNOWN;
  const effects = traitEffects.get(name);
  if (effects === null) return UNKNOWN;
  for (let i = 0; i < effects.length; i++) if (effects[i] !== 'read' && effects[i] !== 'allocate') return NO;
  return name.hasTrait(RecursiveMemoryEffects) ? UNKNOWN : YES;
});

function effectsAllowErasure(op: Operation): boolean {
  const own = getMemoryEffects(op);
  if (own === undefined) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== 'read' && own[i] !== 'allocate') return false;
  if (!op.hasTrait(RecursiveMemoryEffects)) return true;
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOperation) if (!effectsAllowErasure(o)) return false;
    }
  }
  return true;
}

/** Whether the op is unused and would be trivially dead (MLIR's isOpTriviallyDead). */
export function isOpTriviallyDead(op: Operation): boolean {
  // The name's answer first: it saves reading the results of ops that could not be erased anyway.
  const known = erasableIfUnused.get(op.opName);
  if (known === NO) return false;
  return op.useEmpty && (known === YES || wouldOpBeTriviallyDead(op));
}
