// A dense_resource blob with data whose first 4 bytes (its alignment) are 0: no power of 2, so an error at the blob.
// mlir-opt 22 accepts it and then aborts allocating the blob ("LLVM ERROR: out of memory"), so only tl-opt runs here.
// (A blob of 0 alignment without data, "0x00000000", is what both tools print for an empty blob, and reads.)
// RUN: tl-opt --verify-diagnostics %s

func.func @f() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob1' to encode alignment in first 4 bytes, but got non-power-of-2 value: 0}}
      blob1: "0x000000000100000002000000"
    }
  }
#-}
