// CHECK: parameter-attrs-invalid.mlir:[[# @LINE + 1]]:56: error: expected ':'
"t.g"() {w = #flow.parameter.named<"model"::"layer0.w"> tensor<4xf32>} : () -> ()

// -----

// CHECK: parameter-attrs-invalid.mlir:[[# @LINE + 1]]:45: error: expected string
"t.g"() {w = #flow.parameter.named<"model"::layer0> : tensor<4xf32>} : () -> ()
