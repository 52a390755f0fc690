// The memref dialect's canonicalization patterns, in one list the dialect attaches lazily.
import type { RewritePattern } from '@tlir/rewrite';
import { SimplifyAllocaConst, SimplifyAllocConst } from './alloc-const.js';
import { CollapseShapeOfCast } from './collapse-of-cast.js';
import { FoldEmptyCopy, FoldSelfCopy } from './copy-patterns.js';
import { SimplifyDeadAlloc, SimplifyDeadAlloca, SimplifyDeadRealloc } from './dead-alloc.js';
import { DimOfMemRefReshape } from './dim-of-reshape.js';
import { ComposeCollapseOfCollapse, ComposeExpandOfExpand } from './reshape-compose.js';
import { SubViewConstantOperands } from './subview-constants.js';
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
  CollapseShapeOfCast,
  TrivialSubViewOpFolder,
  SubViewConstantOperands,
  DimOfMemRefReshape,
];
