// Input for the demo plugin (see demo-plugin.mjs); ex.func and ex.return are unregistered ops
// (--allow-unregistered-dialect).
"ex.func"() ({
^bb0(%x: i32):
  %0 = "demo.double"(%x) : (i32) -> i32
  %1 = "demo.double"(%0) : (i32) -> i32
  "ex.return"(%1) : (i32) -> ()
}) : () -> ()
