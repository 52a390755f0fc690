// f80 and f128 literals both tools reject, with the same errors (checked against mlir-opt 22).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// A hex bit pattern wider than the type.
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x1FFFF4000000000000000 : f80} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = -0x3FFF0000000000000000000000000000 : f128} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"t.op"() {a = 3 : f80} : () -> ()

// -----

func.func @mixed(%a: f80, %b: f128) {
  // expected-error@+1 {{'arith.addf' op requires the same type for all operands and results}}
  %1 = "arith.addf"(%a, %b) : (f80, f128) -> f80
  return
}

// -----

func.func @narrowing_ext(%a: f80) {
  // expected-error@+1 {{'arith.extf' op operand type 'f80' and result type 'f64' are cast incompatible}}
  %1 = arith.extf %a : f80 to f64
  return
}

// -----

func.func @widening_trunc(%a: f80) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f80' and result type 'f128' are cast incompatible}}
  %1 = arith.truncf %a : f80 to f128
  return
}

// -----

func.func @bitcast_width(%a: f80) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f80' and result type 'i64' are cast incompatible}}
  %1 = arith.bitcast %a : f80 to i64
  return
}
