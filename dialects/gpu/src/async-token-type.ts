// `!gpu.async.token`: what asynchronous gpu ops return and depend on.
import { defineType, typeConstraint } from '@tlir/ir';

/**
 * The token of an asynchronous gpu operation (`gpu.wait async`, `gpu.launch_func async`, `gpu.alloc async`, ...):
 * an op given tokens as dependencies does not start before the ops that produced them have completed.
 */
export const AsyncTokenType = defineType('gpu.async.token', {
  summary: 'async token type',
  description: `
\`!gpu.async.token\`: the result of an asynchronous gpu op, and what other asynchronous ops depend on (\`[%t0, %t1]\`).
An op does not start before the ops that produced its dependencies have completed; \`gpu.wait\` without \`async\`
blocks the host until they have. The reference interpreter runs every op to completion at once, so its tokens are
always complete.
`,
});
export type AsyncTokenType = ReturnType<typeof AsyncTokenType.get>;

/** `!gpu.async.token` as an operand or result constraint (buildable: formats leave the type out). */
export const AsyncToken = typeConstraint<AsyncTokenType>(
  'async token type',
  (t) => AsyncTokenType.is(t),
  (ctx) => AsyncTokenType.get(ctx, {}),
  { name: 'gpu.async.token', check: (t) => AsyncTokenType.is(t) },
);
