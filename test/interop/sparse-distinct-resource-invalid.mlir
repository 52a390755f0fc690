// Errors in `distinct[N]<...>`, `sparse<...>`, `dense_resource<...>` and the resource metadata: the messages
// and their places are mlir-opt 22's (both tools check the same expected-* comments).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{expected '[' after 'distinct'}}
"t.d"() {a = distinct(0)<1>} : () -> ()

// -----

// expected-error@+1 {{expected distinct ID}}
"t.d"() {a = distinct[x]<1>} : () -> ()

// -----

// expected-error@+1 {{expected an unsigned 64-bit integer}}
"t.d"() {a = distinct[18446744073709551616]<1>} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close distinct attribute}}
"t.d"() {a = distinct[3]<1 : i8, 2>} : () -> ()

// -----

"t.d"() {a = distinct[3]<"x">} : () -> ()
// expected-error@+1 {{referenced attribute does not match previous definition: "x"}}
"t.d"() {b = distinct[3]<"y">} : () -> ()

// -----

// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"t.s"() {a = sparse<[[0, 1]], [[5]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])}}
"t.s"() {a = sparse<[[0, 1, 0]], [5]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected shape ([4]); inferred shape of indices literal ([2]); inferred shape of values literal ([3])}}
"t.s"() {a = sparse<[0, 1], [5, 6, 7]> : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[0, 2], and type='tensor<2x2xi32>'}}
"t.s"() {a = sparse<[[1, 1], [0, 2]], [5, 6]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.s"() {a = sparse<[0], [1.5]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"t.s"() {a = sparse<[0], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
"t.r"() {a = dense_resource<3> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"t.r"() {a = dense_resource<blob> : f32} : () -> ()

// -----

"t.r"() {a = dense_resource<blob> : tensor<2xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 12
    }
  }
#-}

// -----

"t.r"() {a = dense_resource<blob> : tensor<2xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
      blob: "0x0100"
    }
  }
#-}

// -----

"t.r"() {a = dense_resource<blob> : tensor<2xi8>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
      blob: "0x030000000102"
    }
  }
#-}

// -----

{-#
  external_resources: {
    g: {
      // expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
      k: "0x03000000"
    }
  }
#-}

// -----

{-#
  external_resources: {
    g: {
      // expected-error@+1 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes}}
      k: "0x01"
    }
  }
#-}

// -----

{-#
  external_resources: {
    g: {
      // expected-error@+1 {{expected hex string blob for key 'k'}}
      k: "0xzz"
    }
  }
#-}

// -----

{-#
  external_resources: {
    g: {
      // expected-error@+1 {{expected string value for key 'k'}}
      k: 12
    }
  }
#-}

// -----

{-#
  external_resources: {
    // expected-error@+1 {{expected identifier key for 'resource' entry}}
    "g h": {}
  }
#-}

// -----

{-#
  // expected-error@+1 {{unknown key 'resources' in file metadata dictionary}}
  resources: {}
#-}
