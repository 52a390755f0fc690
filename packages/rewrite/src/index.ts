// The public surface of @tlir/rewrite: patterns, the pattern rewriter, the greedy driver with folding, and
// dialect conversion.
export * from './pattern.js';
export * from './rewriter.js';
export * from './side-effects.js';
export {
  ConstantFolder,
  constantInsertionRegion,
  constantOpValue,
  foldOperation,
  getConstantOperands,
  getConstantValue,
  materializeConstant,
  type FoldOutcome,
} from './fold.js';
export * from './greedy-driver.js';
export { eraseUnreachableBlocks, runRegionDCE, simplifyRegions } from './region-utils.js';
export { dropRedundantArguments, mergeIdenticalBlocks } from './block-merging.js';
export * from './conversion/conversion-target.js';
export * from './conversion/type-converter.js';
export {
  applyFullConversion,
  applyPartialConversion,
  ConversionPatternRewriter,
  defineConversionPattern,
  OpConversionPattern,
  type ConversionConfig,
  type ConversionPatternLike,
  type ConversionPatternOptions,
  type OpAdaptor,
} from './conversion/dialect-conversion.js';
export { collectUnrealizedCasts, reconcileUnrealizedCasts } from './conversion/reconcile-casts.js';
export { FunctionSignatureConversion, isFunctionSignatureLegal, typeConversionPattern } from './conversion/type-conversion-patterns.js';
