// NaNs keep their bits: signaling NaNs (the quiet bit clear) and NaN payloads, in scalar attributes, dense
// elements (values, splats, complex elements, the hexadecimal raw data of more than 100 elements, which mlir-opt
// prints for them and reads back) and dense arrays, for f64, f32, the 16-bit and 19-bit formats and the small ones. A JavaScript number
// cannot hold a signaling NaN (converting one to a double quiets it), so tl-opt keeps floats as bit patterns.
// Two dense literals whose only difference is a NaN's payload are different attributes (no splat).
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc
// The source too, read by tl-opt directly (custom form), prints what mlir-opt prints.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.custom.ref
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.custom
// RUN: diff %t.custom.ref %t.custom

"test.scalars"() {a = 0x7FA00001 : f32, b = 0xFFC00002 : f32, c = 0x7FF4000000000001 : f64, d = 0x7C01 : f16, e = 0x7F81 : bf16} : () -> ()
"test.dense"() {
  f32 = dense<[0x7FA00001, 0xFFC00002, 1.0, 0x7F800001]> : tensor<4xf32>,
  f64 = dense<[0x7FF4000000000001, 0xFFF0000000000002, -0.0]> : tensor<3xf64>,
  f16 = dense<[0x7C01, 0x7E00, 0xFC02, 1.0]> : vector<4xf16>,
  bf16 = dense<[0x7F81, 0xFF80, 0x3F80]> : tensor<3xbf16>,
  splat = dense<0x7FA00001> : tensor<8xf32>,
  same_payloads = dense<[0x7FA00001, 0x7FA00001]> : tensor<2xf32>,
  other_payloads = dense<[0x7FA00001, 0x7FA00002]> : tensor<2xf32>,
  quiet_and_signaling = dense<[0x7FC00000, 0x7FA00000]> : tensor<2xf32>,
  complex = dense<[(0x7FA00001, 1.0), (2.0, 0xFFC00002)]> : tensor<2xcomplex<f32>>,
  raw_f32 = dense<"0x0100A07F0200C0FF"> : tensor<2xf32>,
  large_f32 = dense<"0x0100A07F0100803F0200803F0300803F0200C0FF0500803F0600803F0700803F0800803F0100A07F0A00803F0B00803F0C00803F0200C0FF0E00803F0F00803F1000803F1100803F0100A07F1300803F1400803F1500803F0200C0FF1700803F1800803F1900803F1A00803F0100A07F1C00803F1D00803F1E00803F0200C0FF2000803F2100803F2200803F2300803F0100A07F2500803F2600803F2700803F0200C0FF2900803F2A00803F2B00803F2C00803F0100A07F2E00803F2F00803F3000803F0200C0FF3200803F3300803F3400803F3500803F0100A07F3700803F3800803F3900803F0200C0FF3B00803F3C00803F3D00803F3E00803F0100A07F4000803F4100803F4200803F0200C0FF4400803F4500803F4600803F4700803F0100A07F4900803F4A00803F4B00803F0200C0FF4D00803F4E00803F4F00803F5000803F0100A07F5200803F5300803F5400803F0200C0FF5600803F5700803F5800803F5900803F0100A07F5B00803F5C00803F5D00803F0200C0FF5F00803F6000803F6100803F6200803F0100A07F6400803F6500803F6600803F0200C0FF6800803F6900803F6A00803F6B00803F0100A07F6D00803F"> : tensor<110xf32>,
  large_f16 = dense<"0x017C013C023C033C043C017C063C073C083C093C017C0B3C0C3C0D3C0E3C017C103C113C123C133C017C153C163C173C183C017C1A3C1B3C1C3C1D3C017C1F3C203C213C223C017C243C253C263C273C017C293C2A3C2B3C2C3C017C2E3C2F3C303C313C017C333C343C353C363C017C383C393C3A3C3B3C017C3D3C3E3C3F3C403C017C423C433C443C453C017C473C483C493C4A3C017C4C3C4D3C4E3C4F3C017C513C523C533C543C017C563C573C583C593C017C5B3C5C3C5D3C5E3C017C603C613C623C633C017C653C663C673C"> : tensor<104xf16>
} : () -> ()
"test.small"() {
  f8E5M2 = dense<[0x7D, 0x7E, 0xFD, 0x3C]> : tensor<4xf8E5M2>,
  f8E4M3 = dense<[0x79, 0x7F, 0xF9]> : tensor<3xf8E4M3>,
  tf32 = dense<[0x3FC01, 0x3FE00, 0x7FC02, 0x1FC00]> : tensor<4xtf32>
} : () -> ()
"test.arrays"() {a = array<f32: 0x7FA00001, 1.0, 0xFFC00002>, b = array<f64: 0x7FF4000000000001>, c = array<f16: 0x7C01, 0x7D00>} : () -> ()
"test.constants"() ({
  %0 = "arith.constant"() <{value = dense<[0x7FA00001, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %1 = "arith.constant"() <{value = 0x7FA00001 : f32}> : () -> f32
  "test.use"(%0, %1) : (tensor<2xf32>, f32) -> ()
}) : () -> ()
