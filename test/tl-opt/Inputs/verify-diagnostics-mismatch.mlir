// Diagnostics that do not match their expected-* comments (read by ../verify-diagnostics-mismatch.mlir).

// An error nobody expected.
"t.op"(%undefined) : (i32) -> ()

// -----

// expected-error@+1 {{this message is not the one}}
"t.op"(%undefined) : (i32) -> ()

// -----

// expected-warning@+1 {{undeclared}}
"t.op"(%undefined) : (i32) -> ()

// -----

// An expectation for a chunk without errors: the chunk is printed, the expectation fails.
// expected-error@below {{never emitted}}
"t.fine"() : () -> ()

// -----

// A note nobody expected (the error is expected).
%0 = "t.def"() : () -> i32
// expected-error@+1 {{redefinition}}
%0 = "t.def"() : () -> i32

// -----

// expected-error-re@+1 {{bad {{[a-z}} regex}}
"t.op"(%undefined) : (i32) -> ()

// -----

// expected-error @unknown {{never}}
