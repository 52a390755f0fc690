// Channels and collectives in the reference interpreter, on one device: a channel has one participant (rank 0 of 1),
// every collective gives the source in the target's type, send_recv follows the ranks it is given.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import type { RankedTensorType } from '@tlir/ir';
import { ChannelValue, FlowDialect, TensorValue, registerFlowInterpreter } from '@tlir/dialect-flow';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, FlowDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerFlowInterpreter],
});

const PROGRAM = `
func.func @channels(%color: index) -> (index, index, index, index, !flow.channel) {
  %ch = flow.channel.default "world" : !flow.channel
  %rank = flow.channel.rank %ch : index
  %count = flow.channel.count %ch : index
  %split = flow.channel.split %ch, %color, %color : !flow.channel -> !flow.channel
  %srank = flow.channel.rank %split : index
  %scount = flow.channel.count %split : index
  return %rank, %count, %srank, %scount, %split : index, index, index, index, !flow.channel
}
func.func @collectives(%s: tensor<3xi8>) -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xui8>) {
  %ch = flow.channel.default : !flow.channel
  %t = flow.tensor.empty : tensor<3xi8>
  %u = flow.tensor.empty : tensor<3xui8>
  %a = flow.collective.all_reduce sum, si8, %t, %s, %ch : (tensor<3xi8>, tensor<3xi8>, !flow.channel) -> %t as tensor<3xi8>
  %b = flow.collective.all_gather si8, %t, %s, %ch : (tensor<3xi8>, tensor<3xi8>, !flow.channel) -> %t as tensor<3xi8>
  %c = flow.collective.all_to_all si8, %t, %s, %ch : (tensor<3xi8>, tensor<3xi8>, !flow.channel) -> %t as tensor<3xi8>
  %d = flow.collective.reduce_scatter average, si8, %t, %s, %ch : (tensor<3xi8>, tensor<3xi8>, !flow.channel) -> %t as tensor<3xi8>
  %e = flow.collective.all_reduce maximum, ui8, %u, %s, %ch : (tensor<3xui8>, tensor<3xi8>, !flow.channel) -> %u as tensor<3xui8>
  return %a, %b, %c, %d, %e : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xui8>
}
func.func @send_recv(%s: tensor<2xf32>, %send: index, %recv: index) -> tensor<2xf32> {
  %ch = flow.channel.default : !flow.channel
  %t = flow.tensor.empty : tensor<2xf32>
  %r = flow.collective.send_recv f32, %t, %s, %ch, %send, %recv : (tensor<2xf32>, tensor<2xf32>, !flow.channel, index, index) -> %t as tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func @gather_shape(%s: tensor<2xf32>) -> tensor<4xf32> {
  %ch = flow.channel.default : !flow.channel
  %t = flow.tensor.empty : tensor<4xf32>
  %r = flow.collective.all_gather f32, %t, %s, %ch : (tensor<4xf32>, tensor<2xf32>, !flow.channel) -> %t as tensor<4xf32>
  return %r : tensor<4xf32>
}
`;

const program = harness.parse(PROGRAM, 'collectives.mlir');
const argType = (fn: string, i: number): RankedTensorType => program.fn(fn).regions[0]!.firstBlock!.args[i]!.type as RankedTensorType;
const elements = (v: unknown): number[] => (v as TensorValue).toArray().map(Number);

describe('channels and collectives in the interpreter', () => {
  it('has one participant per channel, also after a split', () => {
    const r = program.run('channels', [5]);
    expect(r.results!.slice(0, 4)).toEqual([0, 1, 0, 1]);
    expect((r.results![4] as ChannelValue).group).toBe('world');
  });

  it('gives the source as every collective result, in the target element type', () => {
    const s = TensorValue.fromHost(argType('collectives', 0).elementType, [3], [1, -2, 127]);
    const r = program.run('collectives', [s]);
    expect(r.error).toBeUndefined();
    expect(r.results!.slice(0, 4).map(elements)).toEqual([[1, -2, 127], [1, -2, 127], [1, -2, 127], [1, -2, 127]]);
    // The bits of -2 as an unsigned 8-bit integer.
    expect(elements(r.results![4])).toEqual([1, 254, 127]);
  });

  it('sends to and receives from rank 0, or receives zeros from rank -1', () => {
    const s = TensorValue.fromHost(argType('send_recv', 0).elementType, [2], [1.5, -3]);
    expect(elements(program.run('send_recv', [s, 0, 0]).results![0])).toEqual([1.5, -3]);
    expect(elements(program.run('send_recv', [s, -1, -1]).results![0])).toEqual([0, 0]);
    expect(elements(program.run('send_recv', [s, 0, -1]).results![0])).toEqual([0, 0]);
    expect(program.run('send_recv', [s, -1, 0]).error).toContain('collectives.mlir:25:8: error: rank 0 receives from rank 0, which sends nothing');
    expect(program.run('send_recv', [s, 1, 0]).error).toContain('the send rank 1 is not a participant of the channel (-1 or 0..0)');
  });

  it('needs the source to have the target shape on one device', () => {
    const s = TensorValue.fromHost(argType('gather_shape', 0).elementType, [2], [1, 2]);
    expect(program.run('gather_shape', [s]).error).toContain(
      "on one device the source (2) must have the target's shape (4) for 'flow.collective.all_gather'",
    );
  });
});
