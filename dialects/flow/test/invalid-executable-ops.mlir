// Errors in flow.executable, flow.executable.export and flow.executable_end.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{'flow.executable.export' op expects parent op 'flow.executable'}}
flow.executable.export public @f

// -----

func.func @f() {
  // expected-error@+1 {{'flow.executable_end' op expects parent op 'flow.executable'}}
  flow.executable_end
}

// -----

// expected-error@+1 {{expected the executable name (@name)}}
flow.executable private "ex" {
}

// -----

flow.executable private @ex {
  // expected-error@+1 {{expected a symbol reference (@name) to the exported function}}
  flow.executable.export public "f"
}

// -----

flow.executable private @ex {
  // expected-error@+1 {{'flow.executable.export' op refers to @missing, which is not a function of the executable's module}}
  flow.executable.export public @missing
  builtin.module {
    func.func @f() {
      return
    }
  }
}

// -----

flow.executable private @ex {
  // expected-error@+1 {{workgroup count region must return the XYZ dimension counts (-> (index, index, index))}}
  flow.executable.export public @f workgroups(%x: index) -> (index, index) {
    flow.return %x, %x : index, index
  }
}

// -----

flow.executable private @ex {
  // expected-error@+1 {{'flow.executable.export' op workgroup count region argument #0 must be index, got i32}}
  flow.executable.export public @f workgroups(%x: i32) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
}

// -----

flow.executable private @ex {
  "flow.executable.export"() <{function_ref = @f, sym_name = "f"}> ({
  ^bb0(%x: index):
    // expected-error@+1 {{'flow.return' op workgroup count region must return the XYZ dimension counts}}
    "flow.return"(%x, %x) : (index, index) -> ()
  }) : () -> ()
}

// -----

flow.executable private @ex {
  "flow.executable.export"() <{function_ref = @f, sym_name = "f"}> ({
  ^bb0(%x: index):
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'flow.return' op workgroup count region must return the XYZ dimension counts}}
    "flow.return"(%x, %x, %c) : (index, index, i32) -> ()
  }) : () -> ()
}

// -----

flow.executable private @ex {
  flow.executable.export public @f
  // expected-error@+2 {{redefinition of symbol named 'f'}}
  // expected-note@-2 {{see existing symbol definition here}}
  flow.executable.export public @f
}

// -----

// The count region is isolated from above.
%n = arith.constant 1 : index
flow.executable private @ex {
  // expected-note@+1 {{required by region isolation constraints}}
  flow.executable.export public @f workgroups() -> (index, index, index) {
    // expected-error@+1 {{using value defined outside the region}}
    flow.return %n, %n, %n : index, index, index
  }
}

// -----

// expected-error@+1 {{'flow.executable' op requires attribute 'sym_name'}}
"flow.executable"() ({
  "flow.executable_end"() : () -> ()
}) : () -> ()

// -----

"flow.executable"() <{sym_name = "ex"}> ({
  // expected-error@+1 {{block with no terminator}}
  "flow.executable.export"() <{function_ref = @f, sym_name = "f"}> ({
  }) : () -> ()
}) : () -> ()
