// Verifier and parser errors of the flow dialect: the work-group queries' dimension and result, groups and
// flow.group.load.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{'flow.dispatch.workgroup.id' op dimension 3 out of bounds of dispatch dimensions; expected [0, 3)}}
%x = flow.dispatch.workgroup.id[3] : index

// -----

// expected-error@+1 {{'flow.dispatch.workgroup.count' op dimension -1 out of bounds of dispatch dimensions; expected [0, 3)}}
%x = flow.dispatch.workgroup.count[-1] : index

// -----

// expected-error@+1 {{'flow.dispatch.workgroup.size' op dimension 7 out of bounds of dispatch dimensions; expected [0, 3)}}
%x = "flow.dispatch.workgroup.size"() <{dimension = 7 : index}> : () -> index

// -----

// expected-error@+1 {{'flow.dispatch.workgroup.id' op result #0 must be index, but got 'i32'}}
%x = "flow.dispatch.workgroup.id"() <{dimension = 0 : index}> : () -> i32

// -----

// expected-error@+1 {{'flow.dispatch.workgroup.id' op requires attribute 'dimension'}}
%x = "flow.dispatch.workgroup.id"() : () -> index

// -----

// expected-error@+1 {{a group holds ranked memrefs, got f32}}
func.func @f(%g: !flow.group<f32>)

// -----

// expected-error@+1 {{a group with offset 4 needs memrefs with a dynamic layout offset (strided<[...], offset: ?>), got memref<4xf32>}}
func.func @f(%g: !flow.group<memref<4xf32>, offset: 4>)

// -----

// expected-error@+1 {{a group with offset ? needs memrefs with a dynamic layout offset}}
func.func @f(%g: !flow.group<memref<4xf32, strided<[1]>>, offset: ?>)

// -----

// expected-error@+1 {{the offset of a group cannot be negative, got -2}}
func.func @f(%g: !flow.group<memref<4xf32, strided<[1], offset: ?>>, offset: -2>)

// -----

func.func @f(%g: !flow.group<memref<4xf32>>, %i: index) {
  // expected-error@+1 {{'flow.group.load' op result type 'memref<8xf32>' is not the group's memref type 'memref<4xf32>'}}
  %m = flow.group.load %g[%i] : !flow.group<memref<4xf32>> -> memref<8xf32>
  return
}

// -----

func.func @f(%g: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'flow.group.load' op operand #0 must be A group of memrefs of one type, each moved by an offset, but got 'memref<4xf32>'}}
  %m = "flow.group.load"(%g, %i) : (memref<4xf32>, index) -> memref<4xf32>
  return
}
