// The memref dialect's canonicalization patterns, in one list the dialect attaches lazily.
import type { RewritePattern } from '@tlir/rewrite';
import { SimplifyAllocaConst, SimplifyAllocConst } from './alloc-const.js';
import { CollapseShapeOfCast } from './collapse-of-cast.js';
import { FoldEmptyCopy, FoldSelfCopy } from './copy-patterns.js';
import { SimplifyDeadAlloc, SimplifyDeadAlloca, SimplifyDeadRealloc } from './dead-alloc.js';
import { DimOfMemRefReshape } from './dim-of-reshape.js';
import { ComposeCollapseOfCollapse, ComposeCollapseOfExpandToCast, ComposeExpandOfExpand } from './reshape-compose.js';
import { ExtractStridedMetadataConstants, ReinterpretCastConstantOperands, ReinterpretCastOfMetadata } from './reinterpret-cast-folds.js';
import { SubViewConstantOperands } from './subview-constants.js';
import { SubViewOfCast } from './subview-of-cast.js';
import { TrivialSubViewOpFolder } from './trivial-subview.js';

/** The memref dialect's canonicalization patterns (attached to the dialect lazily). */
export const memrefCanonicalizationPatterns = (): readonly RewritePattern[] => [
  SimplifyAllocConst,
  SimplifyAllocaConst,
  SimplifyDeadAlloc,
  SimplifyDeadAlloca,
  SimplifyDeadRealloc,
  FoldSelfCopy,
  FoldEmptyCopy,
  ComposeCollapseOfCollapse,
  ComposeExpandOfExpand,
  ComposeCollapseOfExpandToCast,
  CollapseShapeOfCast,
  TrivialSubViewOpFolder,
  SubViewConstantOperands,
  SubViewOfCast,
  DimOfMemRefReshape,
  ExtractStridedMetadataConstants,
  ReinterpretCastOfMetadata,
  ReinterpretCastConstantOperands,
];
