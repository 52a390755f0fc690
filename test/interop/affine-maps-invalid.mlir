// Errors in affine maps, integer sets and memref layouts given as maps: the messages and their places are
// mlir-opt 22's (both tools check the same expected-* comments).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{use of undeclared identifier}}
#m = affine_map<(x) -> (y)>

// -----

// expected-error@+1 {{redefinition of identifier 'x'}}
#m = affine_map<(x)[x] -> (x)>

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#m = affine_map<(x, y) -> (x * y)>

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
#m = affine_map<(x, y) -> (x mod y)>

// -----

// expected-error@+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
#m = affine_map<(x, y)[n] -> (n floordiv (x + 1))>

// -----

// expected-error@+1 {{missing right operand of binary operator}}
#m = affine_map<(x) -> (x + )>

// -----

// expected-error@+1 {{missing left operand of binary operator}}
#m = affine_map<(x) -> (* x)>

// -----

// expected-error@+2 {{no expression inside parentheses}}
// expected-error@+1 {{missing operand of negation}}
#m = affine_map<(x) -> (-())>

// -----

// expected-error@+1 {{expected ')' in affine map range}}
#m = affine_map<(x) -> (x x)>

// -----

// expected-error@+1 {{expected '->' or ':'}}
#m = affine_map<(x) (x)>

// -----

// expected-error@+1 {{expected AffineMap, but got IntegerSet}}
#m = affine_map<(x) : (x >= 0)>

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
#s = affine_set<(x) : (x > 0)>

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func private @f(memref<4x4xf32, affine_map<(d0) -> (d0)>>)

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{symbol operand count does not equal memref symbol count}}
  %0 = memref.alloc() : memref<2x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  return
}
