// The region that computes a dispatch's workgroup count from its workload (IREE's custom<WorkgroupCountRegion>):
// `workgroups(%x: index, %y: index) -> (index, index, index) { ... flow.return %x, %y, %c1 : index, index, index }`
// on an export, `count(...) -> (...) { ... }` on flow.dispatch.workgroups and flow.dispatch.region.
import { IndexType, type OpAsmParser, type OpAsmPrinter, type Operation, type Region, type Type, type Value } from '@tlir/ir';
import { ReturnOp } from './return-op.js';

/** Parses `keyword(args) -> (index, index, index) {...}` into `region` when `keyword` is next; leaves it empty otherwise. */
export function parseWorkgroupCountRegion(p: OpAsmParser, region: Region, keyword: 'workgroups' | 'count'): void {
  if (!p.parseOptionalKeyword(keyword)) return;
  const args = p.parseArgumentList('paren', true);
  const loc = p.getCurrentLocation();
  const results = p.parseArrowTypeList();
  if (results.length !== 3 || !results.every((t) => t instanceof IndexType)) {
    p.emitError('workgroup count region must return the XYZ dimension counts (-> (index, index, index))', loc);
  }
  p.parseRegion(region, args);
}

/** Prints ` keyword(args) -> (index, index, index) {...}` (with its leading space) unless the region is empty. */
export function printWorkgroupCountRegion(p: OpAsmPrinter, region: Region, keyword: 'workgroups' | 'count'): void {
  const block = region.firstBlock;
  if (!block) return;
  p.write(` ${keyword}(`);
  block.args.forEach((a, i) => {
    if (i) p.write(', ');
    p.printRegionArgument(a);
  });
  p.write(') -> (index, index, index) ');
  p.printRegion(region, { printEntryBlockArgs: false, printBlockTerminators: true });
}

/** The flow.return ops that end the blocks of `region`. */
function returnsOf(region: Region): Operation[] {
  const returns: Operation[] = [];
  for (let b = region.firstBlock; b; b = b.nextBlock) {
    const last = b.lastOp;
    if (last && ReturnOp.is(last)) returns.push(last);
  }
  return returns;
}

/**
 * IREE's checks of a workgroup count region: it takes the workload (when `workload` is given: as many values, of
 * the same types) and every flow.return in it gives three index values. An empty region is not checked.
 */
export function verifyWorkgroupCountRegion(op: Operation, region: Region, workload: readonly Value[] | undefined): boolean {
  const block = region.firstBlock;
  if (!block) return true;
  if (workload) {
    if (workload.length !== block.numArguments) {
      op.emitOpError(`workload operands and workgroup count args mismatch (${workload.length} vs ${block.numArguments})`);
      return false;
    }
    for (let i = 0; i < workload.length; i++) {
      const w: Type = workload[i]!.type;
      const a: Type = block.args[i]!.type;
      if (w !== a) {
        op.emitOpError(`workload value ${i} type mismatch; operand is ${w} but region captures ${a}`);
        return false;
      }
    }
  } else {
    for (const [i, a] of block.args.entries()) {
      if (!(a.type instanceof IndexType)) {
        op.emitOpError(`workgroup count region argument #${i} must be index, got ${a.type}`);
        return false;
      }
    }
  }
  for (const r of returnsOf(region)) {
    if (r.numOperands !== 3 || !r.operands.every((v) => v.type instanceof IndexType)) {
      r.emitOpError('workgroup count region must return the XYZ dimension counts');
      return false;
    }
  }
  return true;
}
