// Errors in flow.dispatch, flow.dispatch.workgroups, flow.dispatch.region and their syntax.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

flow.executable private @ex {
  flow.executable.export public @fn workgroups(%x: index) -> (index, index, index) {
    flow.return %x, %x, %x : index, index, index
  }
}
func.func @f(%a: tensor<4xf32>, %c1: index) {
  // expected-error@+1 {{'flow.dispatch' op workload mismatch; entry point expects 1 arguments but dispatch provides 2}}
  %0 = flow.dispatch @ex::@fn[%c1, %c1](%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @g() {
  return
}
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op entry point @g is a 'func.func', not a 'flow.executable.export'}}
  %0 = flow.dispatch @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op at least one entry point reference is required}}
  %0 = "flow.dispatch"(%a) <{entry_points = [], operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'flow.dispatch' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.dispatch"(%a) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 0>}> : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'flow.dispatch' op value set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %0 = "flow.dispatch"(%a, %n, %n) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 2>}> : (tensor<4xf32>, index, index) -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op expects 'tied_operands' to have one entry per result (1), got [0 : index, 0 : index]}}
  %0 = "flow.dispatch"(%a) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 0>, tied_operands = [0 : index, 0 : index]}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op result #0 is tied to operand 3, which is not one of the 1 tied operands}}
  %0 = "flow.dispatch"(%a) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 0>, tied_operands = [3 : index]}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op operand 0 is tied to more than one result}}
  %0:2 = "flow.dispatch"(%a) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 0>, tied_operands = [0 : index, 0 : index]}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.dispatch' op result #0 is tied to operand 0: only tensors can be tied, got index and index}}
  %0 = flow.dispatch @ex::@fn(%n) : (index) -> %n
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected an entry point reference (@executable::@export)}}
  %0 = flow.dispatch "ex"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{tied operand not found for result reference %b}}
  %0 = flow.dispatch @ex::@fn(%a) : (tensor<4xf32>) -> %b
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{the type lists 1 argument type for 2 arguments}}
  %0 = flow.dispatch @ex::@fn(%a, %b) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{expected '{' with 1 dynamic dimension value after 'tensor<?xf32>'}}
  %0 = flow.dispatch @ex::@fn(%a) : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'tensor<?xf32>' has 1 dynamic dimension, but 2 values are given}}
  %0 = flow.dispatch @ex::@fn(%a) : (tensor<?xf32>{%n, %n}) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = flow.dispatch @ex::@fn(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// flow.dispatch.workgroups: the body's arguments.

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op expects 2 workgroup body arguments (one per argument, then one per result not tied to an argument), got 1}}
  %0 = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> tensor<4xf32> =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workgroup body argument #0 (for argument #0) must be of type !flow.dispatch.tensor<readonly:tensor<4xf32>>, got !flow.dispatch.tensor<readwrite:tensor<4xf32>>}}
  %0 = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> tensor<4xf32> =
      (%ba: !flow.dispatch.tensor<readwrite:tensor<4xf32>>, %br: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workgroup body argument #0 (for argument #0) must be of type !flow.dispatch.tensor<readwrite:tensor<4xf32>> (access readwrite or writeonly or readonly), got !flow.dispatch.tensor<readonly:tensor<8xf32>>}}
  %0 = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> %a =
      (%ba: !flow.dispatch.tensor<readonly:tensor<8xf32>>) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workgroup body argument #1 (for result #0) must be of type !flow.dispatch.tensor<writeonly:tensor<8xf32>> (access writeonly or readwrite), got !flow.dispatch.tensor<writeonly:tensor<4xf32>>}}
  %0 = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> tensor<8xf32> =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %br: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
    flow.return
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workgroup body argument #0 (for argument #0) must be of type index, got i32}}
  flow.dispatch.workgroups(%n) : (index) -> () =
      (%bn: i32) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op result #0 must be a ranked tensor (the body stores results through dispatch tensors), got index}}
  %0 = flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> index =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %br: index) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xindex>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op I/O type tensor<4xindex> is invalid: index types must not cross the dispatch boundary}}
  flow.dispatch.workgroups(%a) : (tensor<4xindex>) -> () =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xindex>>) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> () =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    // expected-error@+1 {{'flow.return' op in a workgroup body returns no values (the results are stored through the dispatch tensor arguments)}}
    flow.return %ba : !flow.dispatch.tensor<readonly:tensor<4xf32>>
  }
  return
}

// -----

// The body is a name scope of its own (as IREE parses it): the names around it are not seen.
func.func @f(%a: tensor<4xf32>, %n: index) {
  flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> () =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    // expected-error@+1 {{use of undeclared SSA value name}}
    %id = arith.addi %n, %n : index
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workload operands and workgroup count args mismatch (1 vs 2)}}
  flow.dispatch.workgroups[%n](%a) : (tensor<4xf32>) -> () =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  } count(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %x : index, index, index
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op workload value 0 type mismatch; operand is index but region captures i32}}
  flow.dispatch.workgroups[%n](%a) : (tensor<4xf32>) -> () =
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  } count(%x: i32) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.workgroups' op expects a non-empty workgroup body}}
  "flow.dispatch.workgroups"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>}> ({
  }, {
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected '='}}
  flow.dispatch.workgroups(%a) : (tensor<4xf32>) -> ()
      (%ba: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    flow.return
  }
  return
}

// -----

// flow.dispatch.region.

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op expected no block arguments}}
  %r = "flow.dispatch.region"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  ^bb0(%x: index):
    flow.return %a : tensor<4xf32>
  }, {
  }) : () -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<8xf32>) {
    // expected-error@+1 {{'flow.return' op operand types do not match with parent results (tensor<4xf32> vs tensor<8xf32>)}}
    flow.return %a : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'flow.dispatch.region' op only ranked tensor results are allowed}}
  %r = flow.dispatch.region -> (f32) {
    flow.return %v : f32
  }
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %r = "flow.dispatch.region"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
    flow.return %a : tensor<?xf32>
  }, {
  }) : () -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'flow.dispatch.region' op workload operands and workgroup count args mismatch (0 vs 1)}}
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    flow.return %a : tensor<4xf32>
  } count(%x: index) -> (index, index, index) {
    flow.return %x, %x, %x : index, index, index
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected '('}}
  %r = flow.dispatch.region -> tensor<4xf32> {
    flow.return %a : tensor<4xf32>
  }
  return
}
