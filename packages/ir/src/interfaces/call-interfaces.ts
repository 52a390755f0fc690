import type { SymbolRefAttr } from '../builtin-attributes.js';
import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import type { Type } from '../type.js';
import type { Value } from '../value.js';

/** A call (MLIR's CallOpInterface): what it calls (a symbol or a function value) and with which operands. */
export const CallOpInterface = defineOpInterface<{
  getCallee(op: Operation): SymbolRefAttr | Value;
  getArgOperands(op: Operation): Value[];
}>('CallOpInterface');

/** Something a call can call (MLIR's CallableOpInterface): a function with a body region, or a declaration. */
export const CallableOpInterface = defineOpInterface<{
  /** The body, or undefined for an external declaration. */
  getCallableRegion(op: Operation): Region | undefined;
  getArgumentTypes(op: Operation): readonly Type[];
  getResultTypes(op: Operation): readonly Type[];
}>('CallableOpInterface');
