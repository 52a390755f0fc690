import type { Attribute } from './attribute.js';
import type { Operation } from './operation.js';
import { mixHash } from './param-hash.js';
import type { Type } from './type.js';

/**
 * The signatures (properties, discardable attributes, operand and result types) of the ops of one name whose
 * signature-only trait checks (see `Trait.signatureOnly`) have passed. Machine-written IR repeats a few
 * signatures over thousands of ops (`arith.addi` on `i32` with no overflow flags); the verifier runs those checks
 * once per signature and looks the others up. Types and attributes are interned, so a signature is compared by
 * identity.
 *
 * A name whose ops keep bringing new signatures (constants: one per value) stops being remembered once more
 * than a quarter of its lookups found nothing, or it has very many: looking up would cost more than it saves.
 */
export class VerifiedSignatures {
  /** Each signature as [properties, attributes, number of operands, operand types..., result types...]. */
  private readonly byHash = new Map<number, Signature | Signature[]>();
  private size = 0;
  private lookups = 0;
  /** False once signatures stopped being remembered (see above). */
  enabled = true;

  /** Whether an op with `op`'s signature has passed. */
  has(op: Operation): boolean {
    this.lookups++;
    const found = this.byHash.get(signatureHash(op));
    if (found === undefined) return false;
    if (!Array.isArray(found[0])) return matches(found as Signature, op);
    for (const s of found as Signature[]) if (matches(s, op)) return true;
    return false;
  }

  /** Remembers that `op`'s signature has passed. */
  add(op: Operation): void {
    if (++this.size > MAX_SIGNATURES || (this.size > 64 && this.size * 4 > this.lookups)) {
      this.enabled = false;
      this.byHash.clear();
      return;
    }
    const values = op.operandValues;
    const numResults = op.numResults;
    const s: Signature = [op.properties, op.attributes, values.length];
    for (let i = 0; i < values.length; i++) s.push(values[i]!.type);
    for (let i = 0; i < numResults; i++) s.push(op.getResult(i).type);
    const hash = signatureHash(op);
    const found = this.byHash.get(hash);
    if (found === undefined) this.byHash.set(hash, s);
    else if (Array.isArray(found[0])) (found as Signature[]).push(s);
    else this.byHash.set(hash, [found as Signature, s]);
  }
}

type Signature = (Attribute | Type | number | undefined)[];

const MAX_SIGNATURES = 4096;

function signatureHash(op: Operation): number {
  const values = op.operandValues;
  const numResults = op.numResults;
  let h = mixHash(mixHash(op.properties?.id ?? -1, op.attributes.id), values.length * 1024 + numResults);
  for (let i = 0; i < values.length; i++) h = mixHash(h, values[i]!.type.id);
  for (let i = 0; i < numResults; i++) h = mixHash(h, op.getResult(i).type.id);
  return h;
}

function matches(s: Signature, op: Operation): boolean {
  const values = op.operandValues;
  const numResults = op.numResults;
  if (s[0] !== op.properties || s[1] !== op.attributes || s[2] !== values.length || s.length !== 3 + values.length + numResults) return false;
  for (let i = 0; i < values.length; i++) if (s[3 + i] !== values[i]!.type) return false;
  for (let i = 0; i < numResults; i++) if (s[3 + values.length + i] !== op.getResult(i).type) return false;
  return true;
}
