// Errors in !flow.dispatch.tensor and !flow.channel types.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{expected the access of a dispatch tensor ('readonly', 'readwrite' or 'writeonly'), got 'readable'}}
func.func private @f(!flow.dispatch.tensor<readable:tensor<4xf32>>)

// -----

// expected-error@+1 {{expected the access of a dispatch tensor ('readonly', 'readwrite' or 'writeonly')}}
func.func private @f(!flow.dispatch.tensor<tensor<4xf32>>)

// -----

// expected-error@+1 {{a dispatch tensor is bound to a ranked tensor type or to an integer, index or float type, got memref<4xf32>}}
func.func private @f(!flow.dispatch.tensor<readonly:memref<4xf32>>)

// -----

// expected-error@+1 {{a dispatch tensor is bound to a ranked tensor type or to an integer, index or float type, got tensor<*xf32>}}
func.func private @f(!flow.dispatch.tensor<writeonly:tensor<*xf32>>)

// -----

// expected-error@+1 {{expected ':'}}
func.func private @f(!flow.dispatch.tensor<readonly tensor<4xf32>>)

// -----

// expected-error@+1 {{unknown  type `dispatch.buffer` in dialect `flow`}}
func.func private @f(!flow.dispatch.buffer<readonly:tensor<4xf32>>)
