// The body of `affine_map<...>` and `affine_set<...>`, as MLIR's AffineParser reads it: the dimension and symbol
// names, then `-> (results)` for a map or `: (constraints)` for a set. Expressions are built with the simplifying
// operators of affine-expr.ts; errors are MLIR's, at the places MLIR reports them.
import {
  affineAdd,
  affineCeilDiv,
  affineConstant,
  affineDim,
  affineFloorDiv,
  affineMod,
  affineMul,
  affineNeg,
  affineSub,
  affineSymbol,
  type AffineExpr,
} from '../affine-expr.js';
import { AffineMapAttr, IntegerSetAttr, type AffineConstraint } from '../affine-attributes.js';
import { Diagnostic } from '../diagnostics.js';
import type { FileLineColLoc } from '../location.js';
import { ParseFailure } from './parse-failure.js';
import type { ParserBase } from './parser-base.js';
import { Tok } from './token.js';

type LowOp = 'add' | 'sub';
type HighOp = 'mul' | 'floordiv' | 'ceildiv' | 'mod';

export class AffineParser {
  private readonly names: [string, AffineExpr][] = [];

  constructor(private readonly p: ParserBase) {}

  /** `(d0, d1)[s0] -> (...)` or `(d0)[s0] : (...)`. */
  parseMapOrSet(): AffineMapAttr | IntegerSetAttr {
    const p = this.p;
    let numDims = 0;
    let numSymbols = 0;
    p.expect(Tok.LParen, 'at start of dimensional identifiers list');
    if (!p.consumeIf(Tok.RParen)) {
      do this.parseIdentifierDefinition(affineDim(numDims++));
      while (p.consumeIf(Tok.Comma));
      p.expect(Tok.RParen);
    }
    if (p.consumeIf(Tok.LSquare)) {
      if (!p.consumeIf(Tok.RSquare)) {
        do this.parseIdentifierDefinition(affineSymbol(numSymbols++));
        while (p.consumeIf(Tok.Comma));
        p.expect(Tok.RSquare);
      }
    }
    if (p.consumeIf(Tok.Arrow)) {
      const results = this.parseList('in affine map range', () => this.parseAffineExpr());
      return AffineMapAttr.get(p.ctx, numDims, numSymbols, results);
    }
    if (p.cur() !== Tok.Colon) p.emitWrongTokenError("expected '->' or ':'");
    p.next();
    const constraints = this.parseList('in integer set constraint list', () => this.parseConstraint());
    return IntegerSetAttr.get(p.ctx, numDims, numSymbols, constraints);
  }

  /** `( elt, ... )` with MLIR's errors for a missing parenthesis. */
  private parseList<T>(context: string, elt: () => T): T[] {
    const p = this.p;
    if (p.cur() !== Tok.LParen) p.emitWrongTokenError(`expected '(' ${context}`);
    p.next();
    const out: T[] = [];
    if (p.consumeIf(Tok.RParen)) return out;
    do out.push(elt());
    while (p.consumeIf(Tok.Comma));
    if (p.cur() !== Tok.RParen) p.emitWrongTokenError(`expected ')' ${context}`);
    p.next();
    return out;
  }

  private isIdentifier(): boolean {
    return this.p.cur() === Tok.BareId;
  }

  private parseIdentifierDefinition(e: AffineExpr): void {
    const p = this.p;
    if (!this.isIdentifier()) p.emitWrongTokenError('expected bare identifier');
    const name = p.spelling;
    if (this.names.some(([n]) => n === name)) p.emitError(`redefinition of identifier '${name}'`);
    p.next();
    this.names.push([name, e]);
  }

  /** `e >= e`, `e <= e` or `e == e`, as `expr >= 0` or `expr == 0` (MLIR's parseAffineConstraint). */
  private parseConstraint(): AffineConstraint {
    const p = this.p;
    const lhs = this.parseAffineExpr();
    const first = p.cur();
    if ((first === Tok.Greater || first === Tok.Less || first === Tok.Equal) && (p.next(), p.consumeIf(Tok.Equal))) {
      const rhs = this.parseAffineExpr();
      if (first === Tok.Less) return { expr: affineSub(rhs, lhs), equality: false };
      return { expr: affineSub(lhs, rhs), equality: first === Tok.Equal };
    }
    return p.emitError("expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
  }

  parseAffineExpr(): AffineExpr {
    return this.parseLowPrec(undefined, 'add');
  }

  private consumeLowPrecOp(): LowOp | undefined {
    const p = this.p;
    if (p.consumeIf(Tok.Plus)) return 'add';
    if (p.consumeIf(Tok.Minus)) return 'sub';
    return undefined;
  }

  private consumeHighPrecOp(): HighOp | undefined {
    const p = this.p;
    if (p.consumeIf(Tok.Star)) return 'mul';
    for (const kw of ['floordiv', 'ceildiv', 'mod'] as const) {
      if (p.isKeyword(kw)) {
        p.next();
        return kw;
      }
    }
    return undefined;
  }

  private low(op: LowOp, l: AffineExpr, r: AffineExpr): AffineExpr {
    return op === 'add' ? affineAdd(l, r) : affineSub(l, r);
  }

  /** MLIR's getAffineBinaryOpExpr for the tightly binding operators, with its non-affine errors at `loc`. */
  private high(op: HighOp, l: AffineExpr, r: AffineExpr, loc: FileLineColLoc): AffineExpr {
    const p = this.p;
    switch (op) {
      case 'mul':
        if (!l.isSymbolicOrConstant && !r.isSymbolicOrConstant) {
          p.emitError('non-affine expression: at least one of the multiply operands has to be either a constant or symbolic', loc);
        }
        return affineMul(l, r);
      case 'floordiv':
        if (!r.isSymbolicOrConstant) p.emitError('non-affine expression: right operand of floordiv has to be either a constant or symbolic', loc);
        return affineFloorDiv(l, r);
      case 'ceildiv':
        if (!r.isSymbolicOrConstant) p.emitError('non-affine expression: right operand of ceildiv has to be either a constant or symbolic', loc);
        return affineCeilDiv(l, r);
      case 'mod':
        if (!r.isSymbolicOrConstant) p.emitError('non-affine expression: right operand of mod has to be either a constant or symbolic', loc);
        return affineMod(l, r);
    }
  }

  private parseLowPrec(llhs: AffineExpr | undefined, llhsOp: LowOp): AffineExpr {
    const p = this.p;
    const lhs = this.parseOperand(llhs);
    const lOp = this.consumeLowPrecOp();
    if (lOp) return this.parseLowPrec(llhs ? this.low(llhsOp, llhs, lhs) : lhs, lOp);
    const opLoc = p.here();
    const hOp = this.consumeHighPrecOp();
    if (hOp) {
      const highRes = this.parseHighPrec(lhs, hOp, opLoc);
      const expr = llhs ? this.low(llhsOp, llhs, highRes) : highRes;
      const next = this.consumeLowPrecOp();
      if (next) return this.parseLowPrec(expr, next);
      return expr;
    }
    return llhs ? this.low(llhsOp, llhs, lhs) : lhs;
  }

  private parseHighPrec(llhs: AffineExpr | undefined, llhsOp: HighOp, llhsOpLoc: FileLineColLoc): AffineExpr {
    const p = this.p;
    const lhs = this.parseOperand(llhs);
    const opLoc = p.here();
    const op = this.consumeHighPrecOp();
    if (op) return this.parseHighPrec(llhs ? this.high(llhsOp, llhs, lhs, llhsOpLoc) : lhs, op, opLoc);
    return llhs ? this.high(llhsOp, llhs, lhs, llhsOpLoc) : lhs;
  }

  private parseOperand(lhs: AffineExpr | undefined): AffineExpr {
    const p = this.p;
    switch (p.cur()) {
      case Tok.Integer: {
        const v = Number(BigInt(p.spelling));
        if (!Number.isSafeInteger(v)) p.emitError('affine constant out of range (at most 2^53 - 1 in tlir)');
        p.next();
        return affineConstant(v);
      }
      case Tok.LParen: {
        p.next();
        if (p.cur() === Tok.RParen) p.emitError('no expression inside parentheses');
        const e = this.parseAffineExpr();
        p.expect(Tok.RParen);
        return e;
      }
      case Tok.Minus: {
        p.next();
        let operand: AffineExpr;
        try {
          operand = this.parseOperand(lhs);
        } catch (e) {
          // MLIR adds a second error at the same place, for a better diagnostic.
          if (e instanceof ParseFailure) {
            p.ctx.diagnostics.emit(new Diagnostic('error', p.here(), 'missing operand of negation'));
          }
          throw e;
        }
        return affineNeg(operand);
      }
      case Tok.Plus:
      case Tok.Star:
        return p.emitError(lhs ? 'missing right operand of binary operator' : 'missing left operand of binary operator');
      default:
        if (this.isIdentifier()) {
          const name = p.spelling;
          const found = this.names.find(([n]) => n === name);
          if (!found) p.emitError('use of undeclared identifier');
          p.next();
          return found![1];
        }
        return p.emitError(lhs ? 'missing right operand of binary operator' : 'expected affine expression');
    }
  }
}
