// Fails verification (read by ../cli.mlir).
"builtin.module"() : () -> ()
