// The dialect packages' public surfaces, for code that builds their ops and has no import of its own: tl-opt's
// plugins get them as `host.dialects` (`host.dialects.arith.ConstantOp.create(rewriter, ...)`), since a plugin
// must use the host's copy of every definition (ops, types and traits are compared by identity).
import * as arith from '@tlir/dialect-arith';
import * as flow from '@tlir/dialect-flow';
import * as func from '@tlir/dialect-func';
import * as gpu from '@tlir/dialect-gpu';
import * as krnl from '@tlir/dialect-krnl';
import * as math from '@tlir/dialect-math';
import * as vector from '@tlir/dialect-vector';
import * as memref from '@tlir/dialect-memref';
import * as scf from '@tlir/dialect-scf';
import * as tl from '@tlir/dialect-tl';

/** Each dialect package tlir ships, by its dialect's name. */
export const DIALECT_MODULES = Object.freeze({ arith, flow, func, gpu, krnl, math, memref, scf, tl, vector });
export type DialectModules = typeof DIALECT_MODULES;
