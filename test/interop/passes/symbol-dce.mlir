// symbol-dce gives the module mlir-opt 22 gives (both printed by mlir-opt in the generic form).
// RUN: %S/compare-with-mlir-opt.sh %s %t --symbol-dce

func.func @public_fn() {
  func.call @used() : () -> ()
  return
}
func.func private @used() {
  func.call @used_by_used() : () -> ()
  return
}
func.func private @used_by_used()
func.func private @dead()
func.func private @dead_calls() {
  func.call @dead_too() : () -> ()
  return
}
func.func private @dead_too()
module @nested attributes {sym_visibility = "private"} {
  func.func @nested_public() {
    return
  }
  func.func private @nested_dead()
}
module @pub {
  func.func private @kept_by_ref()
  func.func private @nested_dead2()
}
func.func @user() attributes {ref = @pub::@kept_by_ref} {
  %f = func.constant @used_by_constant : () -> ()
  func.call_indirect %f() : () -> ()
  return
}
func.func private @used_by_constant()

// -----

// A nested symbol table reached through a nested reference keeps what is referenced, drops the rest.
module @outer {
  module @inner {
    func.func private @a()
    func.func private @b()
  }
  func.func @main() attributes {refs = [@inner::@a]} {
    return
  }
}
