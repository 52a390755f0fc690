// gpu-outline-executables: each flow.executable becomes a gpu.module of the same name, each export a gpu.func
// kernel (its name, the exported function's body, known_block_size = the export's workgroup_size), the work-group
// queries gpu ids and sizes, func.return gpu.return; each flow.dispatch a gpu.launch_func whose grid is the export's
// workgroup count region computed at the dispatch and whose block is the work-group size. Functions no export names
// go into the gpu.module as they are. The output is a gpu.container_module MLIR reads.
// RUN: tl-opt %s --gpu-outline-executables | FileCheck %s
// RUN: tl-opt %s --gpu-outline-executables -o %t.mlir
// RUN: tl-opt %t.mlir | diff %t.mlir -
// RUN: tl-opt %s --gpu-outline-executables --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NEXT:    gpu.module @scale_dispatch {
// CHECK-NEXT:      gpu.func @scale(%arg0: memref<?xf32>, %arg1: f32) kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
// CHECK-NEXT:        %[[ID:.+]] = gpu.block_id  x
// CHECK-NEXT:        %[[N:.+]] = gpu.grid_dim  x
// CHECK-NEXT:        %[[WX:.+]] = gpu.block_dim  y
// CHECK-NEXT:        %[[I:.+]] = arith.addi %[[ID]], %[[N]] : index
// CHECK-NEXT:        %[[J:.+]] = arith.addi %[[I]], %[[WX]] : index
// CHECK-NEXT:        %[[X:.+]] = memref.load %arg0[%[[J]]] : memref<?xf32>
// CHECK-NEXT:        %[[Y:.+]] = func.call @twice(%[[X]]) : (f32) -> f32
// CHECK-NEXT:        memref.store %[[Y]], %arg0[%[[J]]] : memref<?xf32>
// CHECK-NEXT:        gpu.return
// CHECK-NEXT:      }
// CHECK-NEXT:      func.func @twice(%arg0: f32) -> f32 {
// CHECK-NEXT:        %[[S:.+]] = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:        return %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
flow.executable private @scale_dispatch {
  flow.executable.export public @scale workgroups(%g: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %gx = arith.muli %g, %c2 : index
    flow.return %gx, %c1, %c1 : index, index, index
  } attributes {workgroup_size = array<i32: 64, 2, 1>}
  builtin.module {
    func.func @scale(%A: memref<?xf32>, %alpha: f32) {
      %id = flow.dispatch.workgroup.id[0] : index
      %n = flow.dispatch.workgroup.count[0] : index
      %w = flow.dispatch.workgroup.size[1] : index
      %i = arith.addi %id, %n : index
      %j = arith.addi %i, %w : index
      %x = memref.load %A[%j] : memref<?xf32>
      %y = func.call @twice(%x) : (f32) -> f32
      memref.store %y, %A[%j] : memref<?xf32>
      return
    }
    func.func @twice(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
  }
}

// The grid: the count region's ops at the dispatch, on the dispatch's workload; the block: the work-group size.
// CHECK-LABEL: func.func @host(%arg0: memref<?xf32>, %arg1: f32, %arg2: index) {
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    memref.dim %arg0, %{{.+}} : memref<?xf32>
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[GX:.+]] = arith.muli %arg2, %[[C2]] : index
// CHECK-NEXT:    %[[B64:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[B1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    gpu.launch_func  @scale_dispatch::@scale blocks in (%[[GX]], %[[C1]], %[[C1]]) threads in (%[[B64]], %[[B2]], %[[B1]])  args(%arg0 : memref<?xf32>, %arg1 : f32)
// CHECK-NEXT:    return
func.func @host(%A: memref<?xf32>, %alpha: f32, %groups: index) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %A, %c0 : memref<?xf32>
  flow.dispatch @scale_dispatch::@scale[%groups](%A, %alpha) : (memref<?xf32>{%d}, f32) -> ()
  return
}

// An export without a count region: the workload is the grid (x, y, z; 1 for those missing). One function exported
// twice gives two kernels.
// CHECK-LABEL: gpu.module @two {
// CHECK-NEXT:    gpu.func @first(%arg0: !flow.group<memref<4xf32>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.func @second(%arg0: !flow.group<memref<4xf32>>) kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
flow.executable private @two {
  flow.executable.export public @fn as("first") attributes {workgroup_size = array<i32: 4, 1, 1>}
  flow.executable.export public @fn as("second") attributes {workgroup_size = array<i32: 8, 8, 1>}
  builtin.module {
    func.func @fn(%g: !flow.group<memref<4xf32>>) {
      return
    }
  }
}

// CHECK-LABEL: func.func @host2(%arg0: !flow.group<memref<4xf32>>, %arg1: index, %arg2: index) {
// CHECK:         gpu.launch_func  @two::@first blocks in (%arg1, %arg2, %[[ONE:.+]]) threads in
// CHECK-SAME:        args(%arg0 : !flow.group<memref<4xf32>>)
// CHECK:         gpu.launch_func  @two::@second blocks in (%arg1, %{{.+}}, %{{.+}}) threads in
func.func @host2(%g: !flow.group<memref<4xf32>>, %x: index, %y: index) {
  flow.dispatch @two::@first[%x, %y](%g) : (!flow.group<memref<4xf32>>) -> ()
  flow.dispatch @two::@second[%x](%g) : (!flow.group<memref<4xf32>>) -> ()
  return
}
