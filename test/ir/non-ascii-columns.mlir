// Columns count bytes, as MLIR's do: a string literal holding non-ASCII characters (2, 3 and 4 bytes in
// UTF-8) moves every later column on its line by their extra bytes, whether the parser lexes the literal,
// skips it inside a span it has parsed before (the repeated dictionaries and `#my.attr<...>` bodies) or skips
// it in a dialect body; positions found again from an offset (some errors) count them too. The locations, the
// errors and their source lines are mlir-opt's, byte for byte (a source line with non-ASCII characters gets no
// caret, as in MLIR).
// RUN: not tl-opt --allow-unregistered-dialect --mlir-print-debuginfo --split-input-file %s > %t.tl 2> %t.tl.err
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --split-input-file %s > %t.ref 2> %t.ref.err
// RUN: diff %t.ref %t.tl
// RUN: diff %t.ref.err %t.tl.err
// RUN: FileCheck %s < %t.tl
// RUN: FileCheck %s --check-prefix=ERR < %t.tl.err

// CHECK: #loc1 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+16]]:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+15]]:40)
// CHECK-NEXT: #loc3 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+15]]:1)
// CHECK-NEXT: #loc4 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+14]]:32)
// CHECK-NEXT: #loc5 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+13]]:63)
// CHECK-NEXT: #loc6 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+13]]:1)
// CHECK-NEXT: #loc7 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+12]]:44)
// CHECK-NEXT: #loc8 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+11]]:87)
// CHECK-NEXT: #loc9 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+11]]:6)
// CHECK-NEXT: #loc10 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+10]]:41)
// CHECK-NEXT: #loc11 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+9]]:78)
// CHECK-NEXT: #loc12 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+9]]:1)
// CHECK-NEXT: #loc13 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+8]]:51)
// CHECK-NEXT: #loc14 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+8]]:1)
// CHECK-NEXT: #loc15 = loc("{{.*}}.mlir":1:2)
// CHECK-NEXT: #loc16 = loc("{{.*}}non-ascii-columns.mlir":[[@LINE+6]]:76)
"t.a"() {s = "é€😀"} : () -> ()   "t.b"() {n = "x"} : () -> ()
"t.c"() {s = "é"} : () -> ()  "t.d"() {s = "é"} : () -> ()  "t.e"() : () -> ()
"t.f"() {t = #my.attr<"éé">} : () -> ()  "t.g"() {t = #my.attr<"éé">} : () -> ()  "t.h"() : () -> ()
%0 = "t.i"() : () -> (!my.type<"€">)  "t.j"(%0) : (!my.type<"€">) -> ()  "t.k"() : () -> ()
"t.l"() {a = array<i32: 1>, s = "é"} : () -> ()  "t.m"() {a = array<i32: 2>} : () -> ()
"t.n"() {t = #my<"é">} : () -> ()  "t.o"() : () -> () loc("é.mlir":1:2)  "t.p"() : () -> ()

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+2]]:35: error: expected '=' after SSA name
// ERR-NEXT: {{^}}"t.a"() {s = "éé"} : () -> () %x{{$}}
"t.a"() {s = "éé"} : () -> () %x

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+1]]:24: error: integer constant out of range for attribute
"t.a"() {s = "é", v = 300 : i8} : () -> ()

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+1]]:31: error: unexpected character
"t.a"() {s = "é"} : () -> () é

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+1]]:20: error: duplicate key 's' in dictionary attribute
"t.a"() {s = "é", s = 1} : () -> ()

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+1]]:44: error: expected '=' after SSA name
"t.a"() {t = #my.attr<"€">} : () -> () %x

// -----

// ERR: non-ascii-columns.mlir:[[@LINE+3]]:7: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
// ERR: non-ascii-columns.mlir:[[@LINE+1]]:1: note: prior use here
%0 = "t.a"() {s = "é"} : () -> i32  "t.b"(%0) : (i32) -> ()
"t.c"(%0) {s = "€"} : (i64) -> ()
