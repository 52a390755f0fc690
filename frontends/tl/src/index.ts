// The public surface of @tlir/frontend-tl: the tensor language's ohm grammar and preprocessor, its AST, the builder
// of tl dialect IR from it, and the printer back to tensor-language text (docs/tensor-language.md).
export { TENSOR_LANGUAGE_GRAMMAR, compileTensorLanguageRecipe, tensorLanguageGrammar } from './grammar.js';
export { TENSOR_LANGUAGE_RECIPE } from './grammar-recipe.js';
export { INSTRUCTIONS, parseTensorLanguageAst, type InstFields, type InstKind, type InstNode, type InstOf } from './ast.js';
export { parseTensorLanguage, parseFloatText } from './front-end.js';
export { printTensorLanguage } from './printer.js';
