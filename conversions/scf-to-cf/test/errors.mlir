// convert-scf-to-cf's errors. MLIR fails a forall with shared outputs with "failed to legalize operation
// 'scf.forall'"; tlir says why.
// RUN: tl-opt --convert-scf-to-cf --split-input-file --verify-diagnostics %s

func.func @forall_outputs(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{only fully bufferized scf.forall ops can be lowered to scf.parallel}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  return %r : tensor<4xf32>
}
