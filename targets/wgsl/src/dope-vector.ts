// The dope vector of a memref or group argument: its offset, sizes and strides, static ones from its type and dynamic
// ones from words of the parameters buffer, each word allocated the first time the kernel reads it.
import type { DopeVectorLayout } from '@tlir/runtime';
import { IndexExpression } from './index-expression.js';
import type { ParameterBlock } from './parameter-block.js';

export class DopeVector {
  private offsetWord: number | null = null;
  private readonly sizeWords: (number | null)[];
  private readonly strideWords: (number | null)[];
  private readonly cache = new Map<string, IndexExpression>();

  constructor(
    private readonly params: ParameterBlock,
    /** The argument's name in the manifest. */
    readonly argument: string,
    /** The base of the WGSL field names. */
    private readonly fieldBase: string,
    /** Static values, null where dynamic. */
    readonly shape: readonly (number | null)[],
    readonly strideValues: readonly (number | null)[],
    readonly offsetValue: number | null,
  ) {
    this.sizeWords = shape.map(() => null);
    this.strideWords = strideValues.map(() => null);
  }

  get rank(): number {
    return this.shape.length;
  }

  offset(): IndexExpression {
    return this.read('offset', this.offsetValue, (w) => (this.offsetWord = w));
  }

  size(k: number): IndexExpression {
    return this.read(`size${k}`, this.shape[k]!, (w) => (this.sizeWords[k] = w));
  }

  stride(k: number): IndexExpression {
    return this.read(`stride${k}`, this.strideValues[k]!, (w) => (this.strideWords[k] = w));
  }

  private read(what: string, value: number | null, record: (word: number) => void): IndexExpression {
    if (value !== null) return IndexExpression.constant(value);
    let found = this.cache.get(what);
    if (!found) {
      const { word, access } = this.params.word(`${this.fieldBase}_${what}`, 'i32');
      record(word);
      found = IndexExpression.atom(access);
      this.cache.set(what, found);
    }
    return found;
  }

  /** The manifest's description: the words the kernel reads. */
  layout(): DopeVectorLayout {
    return {
      argument: this.argument,
      uniform: this.params.slot,
      wordType: 'i32',
      offset: this.offsetWord,
      sizes: [...this.sizeWords],
      strides: [...this.strideWords],
    };
  }
}
