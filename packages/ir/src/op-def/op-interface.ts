import type { Operation } from '../operation.js';

/**
 * An op interface (like MLIR's OpInterface): a named set of methods ops implement, so that passes can work on
 * every op that has them (calls, symbols, functions, ...) without knowing the ops. Methods take the op as
 * their first argument, so an implementation is one object per op definition, not per op.
 */
export interface OpInterface<M extends object> {
  readonly name: string;
  /** @internal A small number of its own, which makes finding an op's implementation an array lookup. */
  readonly id: number;
  /** Declares an op's implementation (`interfaces: [CallOpInterface.implement({ ... })]`). */
  implement(methods: M): OpInterfaceImpl<M>;
  /** The methods of `op`'s implementation, or undefined when its op does not implement the interface. */
  get(op: Operation): M | undefined;
  /** Checked after the op's traits (in the order interfaces are declared). */
  verify?(op: Operation, methods: M): boolean;
  /** Checked after the op's regions were verified. */
  verifyRegions?(op: Operation, methods: M): boolean;
}

/** An op's implementation of an interface. */
export interface OpInterfaceImpl<M extends object = object> {
  readonly iface: OpInterface<M>;
  readonly methods: M;
}

let nextInterfaceId = 0;

/** Defines an interface; interfaces are compared by identity. */
export function defineOpInterface<M extends object>(
  name: string,
  hooks: { verify?(op: Operation, methods: M): boolean; verifyRegions?(op: Operation, methods: M): boolean } = {},
): OpInterface<M> {
  const iface: OpInterface<M> = Object.freeze({
    name,
    id: nextInterfaceId++,
    verify: hooks.verify,
    verifyRegions: hooks.verifyRegions,
    implement: (methods: M): OpInterfaceImpl<M> => Object.freeze({ iface, methods }),
    get: (op: Operation): M | undefined => op.opName.getInterface(iface),
  });
  return iface;
}
