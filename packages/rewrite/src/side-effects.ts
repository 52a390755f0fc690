import { defineOpInterface, defineTrait, isModuleOp, Pure, SymbolOpInterface, SymbolTrait, Terminator, type OpDefinition, type Operation } from '@tlir/ir';

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

export type MemoryEffect = 'read' | 'write' | 'allocate' | 'free';

const NONE: readonly MemoryEffect[] = Object.freeze([]);

/**
 * The effects of an op that the traits cannot state because they depend on the op itself (a dispatch that writes
 * the memrefs it is given, and touches no memory when it is given tensors). Consulted when the op has none of the
 * effect traits; `getEffects` returns undefined when the effects are unknown.
 */
export const MemoryEffectOpInterface = defineOpInterface<{ getEffects(op: Operation): readonly MemoryEffect[] | undefined }>('MemoryEffectOpInterface');

/**
 * The effects the traits of an op definition state (frozen), or null when they state none, by definition: passes
 * ask for every op (the greedy driver, region DCE and CSE each once per op and iteration), and the answer depends
 * on the definition alone.
 */
const traitEffects = new WeakMap<OpDefinition, readonly MemoryEffect[] | null>();

function effectsOfTraits(op: Operation, def: OpDefinition): readonly MemoryEffect[] | null {
  let effects = traitEffects.get(def);
  if (effects !== undefined) return effects;
  if (op.hasTrait(Pure) || op.hasTrait(NoMemoryEffect)) effects = NONE;
  else {
    const list: MemoryEffect[] = [];
    if (op.hasTrait(MemRead)) list.push('read');
    if (op.hasTrait(MemWrite)) list.push('write');
    if (op.hasTrait(MemAlloc)) list.push('allocate');
    if (op.hasTrait(MemFree)) list.push('free');
    effects = list.length ? Object.freeze(list) : null;
  }
  traitEffects.set(def, effects);
  return effects;
}

/**
 * The op's own memory effects (not counting nested ops), or undefined when they are unknown. A
 * `RecursiveMemoryEffects` op without effect traits has no effects of its own. The list may be shared: do not
 * change it.
 */
export function getMemoryEffects(op: Operation): readonly MemoryEffect[] | undefined {
  const def = op.opName.def;
  if (def === undefined) return undefined;
  const effects = effectsOfTraits(op, def);
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
  if (!op.hasTrait(RecursivelySpeculatable)) return false;
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
  if (!op.isRegistered || op.hasTrait(Terminator) || isSymbolOp(op)) return false;
  return effectsAllowErasure(op);
}

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
  return op.isRegistered && op.useEmpty && wouldOpBeTriviallyDead(op);
}
