import { describe, expect, it } from 'vitest';
import { TENSOR_LANGUAGE_RECIPE, compileTensorLanguageRecipe, tensorLanguageGrammar } from '@tlir/frontend-tl';

describe('the precompiled tensor-language grammar (grammar-recipe.ts)', () => {
  it('is the compiled form of the grammar text (else run `pnpm tl:grammar-recipe`)', () => {
    expect(TENSOR_LANGUAGE_RECIPE === compileTensorLanguageRecipe(), 'grammar-recipe.ts is stale: run `pnpm tl:grammar-recipe`').toBe(true);
  });

  it('matches and reports syntax errors as the grammar text does', () => {
    const g = tensorLanguageGrammar();
    expect(g.match('func @f(%a: f32) {\n  %0 = arith.add %a, 1.5 : f32\n}\n').succeeded()).toBe(true);
    const failed = g.match('func @f() {\n  %0 = arith.add %a %a : f32\n}\n');
    expect(failed.failed()).toBe(true);
    expect(failed.getRightmostFailurePosition()).toBe(32);
    expect(failed.getExpectedText()).toBe('","');
  });
});
