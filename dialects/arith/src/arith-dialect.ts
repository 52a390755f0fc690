import { defineDialect } from '@tlir/ir';
import { FastMathAttr, IntegerOverflowAttr } from './arith-attributes.js';
import { arithCanonicalizationPatterns } from './canonicalization.js';
import { BitcastOp, ExtFOp, ExtSIOp, ExtUIOp, FPToSIOp, FPToUIOp, IndexCastOp, IndexCastUIOp, ScalingExtFOp, ScalingTruncFOp, SIToFPOp, TruncFOp, TruncIOp, UIToFPOp } from './cast-ops.js';
import { CmpFOp, CmpIOp } from './compare-ops.js';
import { ConstantOp, materializeArithConstant } from './constant-op.js';
import { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from './extended-ops.js';
import { AddFOp, DivFOp, MaximumFOp, MaxNumFOp, MinimumFOp, MinNumFOp, MulFOp, NegFOp, RemFOp, SubFOp } from './float-ops.js';
import {
  AddIOp,
  AndIOp,
  CeilDivSIOp,
  CeilDivUIOp,
  DivSIOp,
  DivUIOp,
  FloorDivSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  MulIOp,
  OrIOp,
  RemSIOp,
  RemUIOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SubIOp,
  XOrIOp,
} from './integer-ops.js';
import { SelectOp } from './select-op.js';

/** The arith dialect, as MLIR 22 writes it. */
export const ArithDialect = defineDialect({
  name: 'arith',
  summary: 'Integer and floating point arithmetic',
  description: `
Basic integer and floating-point arithmetic: unary, binary and ternary operations, bitwise and shift operations,
casts and comparisons. The operations also apply elementwise to vectors and tensors of integers or floats.
Integers are signless: operations that care about the sign come in signed (\`si\`) and unsigned (\`ui\`) forms.
`,
  operations: [
    ConstantOp,
    AddIOp,
    AddUIExtendedOp,
    SubIOp,
    MulIOp,
    MulSIExtendedOp,
    MulUIExtendedOp,
    DivUIOp,
    DivSIOp,
    CeilDivUIOp,
    CeilDivSIOp,
    FloorDivSIOp,
    RemUIOp,
    RemSIOp,
    AndIOp,
    OrIOp,
    XOrIOp,
    ShLIOp,
    ShRUIOp,
    ShRSIOp,
    NegFOp,
    AddFOp,
    SubFOp,
    MaximumFOp,
    MaxNumFOp,
    MaxSIOp,
    MaxUIOp,
    MinimumFOp,
    MinNumFOp,
    MinSIOp,
    MinUIOp,
    MulFOp,
    DivFOp,
    RemFOp,
    ExtUIOp,
    ExtSIOp,
    ExtFOp,
    ScalingExtFOp,
    TruncIOp,
    TruncFOp,
    ScalingTruncFOp,
    UIToFPOp,
    SIToFPOp,
    FPToUIOp,
    FPToSIOp,
    IndexCastOp,
    IndexCastUIOp,
    BitcastOp,
    CmpIOp,
    CmpFOp,
    SelectOp,
  ],
  attributes: [FastMathAttr, IntegerOverflowAttr],
  materializeConstant: materializeArithConstant,
  canonicalize: arithCanonicalizationPatterns,
});
