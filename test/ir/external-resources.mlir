// {-# external_resources #-}: resources for tools outside the IR, kept as read and printed back after the module, as
// mlir-opt 22 keeps the groups no one handles: booleans, strings (printed escaped), hex blobs (upper case; one without
// data as 0x00000000), repeated keys kept, a repeated group merged, empty groups left out; after the dialect
// resources when there are both. The same text as mlir-opt's, read back by both tools.
// RUN: tl-opt %s --split-input-file -o %t.tlir
// RUN: mlir-opt %s --split-input-file -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt %t.tlir --split-input-file | diff %t.ref -
// RUN: mlir-opt %t.tlir --split-input-file | diff %t.ref -
// RUN: tl-opt %s --split-input-file --mlir-print-op-generic -o %t.tlir.generic
// RUN: mlir-opt %s --split-input-file --mlir-print-op-generic -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt %s --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @with_blob
// CHECK:       {-#
// CHECK-NEXT:    dialect_resources: {
// CHECK-NEXT:      builtin: {
// CHECK-NEXT:        blob1: "0x04000000010000000200000A"
// CHECK-NEXT:      }
// CHECK-NEXT:    },
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      zed: {
// CHECK-NEXT:        b: "0x04000000ABCDEF01",
// CHECK-NEXT:        a: "hello \22w\22\0A",
// CHECK-NEXT:        c: false,
// CHECK-NEXT:        c: true,
// CHECK-NEXT:        d: "0X04"
// CHECK-NEXT:      },
// CHECK-NEXT:      alpha: {
// CHECK-NEXT:        k: "0x00000000"
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
func.func @with_blob() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  external_resources: {
    zed: {
      b: "0x04000000abcdef01",
      a: "hello \"w\"\n",
      c: false
    },
    alpha: {
      k: "0x08000000"
    },
    empty: {},
    zed: {
      c: true,
      d: "0X04"
    }
  },
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000a"
    }
  }
#-}

// -----

// A reproducer's metadata alone, in a module without attributes that take aliases.
// CHECK-LABEL: module {
// CHECK:       {-#
// CHECK-NEXT:    external_resources: {
// CHECK-NEXT:      mlir_reproducer: {
// CHECK-NEXT:        pipeline: "builtin.module(canonicalize)",
// CHECK-NEXT:        disable_threading: true
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  #-}
module {
}
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true
    }
  }
#-}

// -----

// Nothing left to print: no section.
// CHECK-LABEL: module {
// CHECK-NOT:   {-#
module {
}
{-#
  external_resources: {
    empty: {}
  }
#-}
