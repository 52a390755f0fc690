// Parse errors in the custom forms of the cf ops. Both tools check the same expected-* comments: the messages are
// mlir-opt 22's.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @f(%x: i64) {
  // A case value is read as a 64-bit signed integer: what mlir-opt prints for -1 : i64 it cannot read back.
  // expected-error@+1 {{custom op 'cf.switch' integer value too large}}
  cf.switch %x : i64, [default: ^bb1, 18446744073709551615: ^bb1]
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{expected 'default'}}
  cf.switch %x : i32, [42: ^bb1]
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{expected ']'}}
  cf.switch %x : i32, [default: ^bb1 42: ^bb1]
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{expected ','}}
  cf.cond_br %c, ^bb1 ^bb1
^bb1:
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{expected ':'}}
  cf.br ^bb1(%x)
^bb1(%a: i32):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{reference to an undefined block}}
  cf.br ^missing
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{expected ','}}
  cf.assert %c
}

// -----

// A case value that is not an integer: the message has the custom op's prefix, as mlir-opt's.
func.func @f(%x: i32) {
  cf.switch %x : i32, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}
