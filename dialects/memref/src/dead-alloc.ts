// The canonicalization of allocations nothing reads (MLIR's SimplifyDeadAlloc, for memref.alloc, memref.alloca and
// memref.realloc).
import type { Operation } from '@tlir/ir';
import { definePattern, type PatternRewriter } from '@tlir/rewrite';
import { AllocaOp, AllocOp } from './alloc-op.js';
import { ReallocOp } from './realloc-op.js';
import { DeallocOp } from './dealloc-op.js';
import { StoreOp } from './store-op.js';

/**
 * An allocation whose only users store into it or deallocate it is never read: the allocation and those users go
 * (a store of the memref itself, as a value, is a use that keeps it).
 */
function simplifyDeadAlloc(alloc: Operation, rewriter: PatternRewriter): boolean {
  const memref = alloc.getResult(0);
  for (let u = memref.firstUse; u !== null; u = u.nextUse) {
    const user = u.owner;
    if (StoreOp.is(user) ? user.getOperand(0) === memref : !DeallocOp.is(user)) {
      return rewriter.notifyMatchFailure(alloc, 'the allocation is read or escapes');
    }
  }
  const users: Operation[] = [];
  for (let u = memref.firstUse; u !== null; u = u.nextUse) if (!users.includes(u.owner)) users.push(u.owner);
  for (const user of users) rewriter.eraseOp(user);
  rewriter.eraseOp(alloc);
  return true;
}

export const SimplifyDeadAlloc = definePattern(AllocOp, (a, rewriter) => simplifyDeadAlloc(a.op, rewriter), { debugName: 'SimplifyDeadAlloc<AllocOp>' });
export const SimplifyDeadAlloca = definePattern(AllocaOp, (a, rewriter) => simplifyDeadAlloc(a.op, rewriter), { debugName: 'SimplifyDeadAlloc<AllocaOp>' });
export const SimplifyDeadRealloc = definePattern(ReallocOp, (a, rewriter) => simplifyDeadAlloc(a.op, rewriter), { debugName: 'SimplifyDeadAlloc<ReallocOp>' });
