// The errors of the sparse gpu ops (checked by ../sparse.mlir with both tools).

func.func @not_a_handle(%m: memref<?xf32>, %x: memref<?xi8>) {
  // expected-error@+1 {{'gpu.destroy_sp_mat' op operand #0 must be sparse matrix handle type, but got 'memref<?xf32>'}}
  "gpu.destroy_sp_mat"(%m) : (memref<?xf32>) -> ()
  return
}

// -----

func.func @dense_where_sparse(%m: memref<?xf32>, %n: index) {
  %d = gpu.create_dn_tensor %m, %n : index into memref<?xf32>
  // expected-error@+1 {{'gpu.destroy_sp_mat' op operand #0 must be sparse matrix handle type, but got '!gpu.sparse.dntensor_handle'}}
  "gpu.destroy_sp_mat"(%d) : (!gpu.sparse.dntensor_handle) -> ()
  return
}

// -----

func.func @index_count(%m: memref<?xf32>, %n: i32) {
  // expected-error@+1 {{'gpu.create_dn_tensor' op operand #1 must be variadic of index, but got 'i32'}}
  %d = "gpu.create_dn_tensor"(%m, %n) <{operandSegmentSizes = array<i32: 0, 1, 1>}> : (memref<?xf32>, i32) -> !gpu.sparse.dntensor_handle
  return
}
