import * as ohm from 'ohm-js';
import { TENSOR_LANGUAGE_RECIPE } from './grammar-recipe.js';

/**
 * The tensor language (spec/tensor-language.txt) and its preprocessor (spec/preprocessor.txt) as an ohm-js
 * grammar. It mirrors the spec's ABNF rule for rule; a spec rule `foo-bar` is `FooBar` here when it is
 * syntactic (ohm skips white space and `;` comments between its parts) and `fooBar` when it is lexical (a
 * token: identifiers, constants, scalar types). Where PEG's ordered choice needs it, alternatives are
 * reordered (a floating constant is tried before an integer constant, `i16` before `i1`, `foreach` is kept
 * apart from `for` by backtracking) and keywords end at a word boundary (`"for" #(~idChar)`).
 *
 * Written for speed where it costs nothing in clarity of the language (bench/README.md, case tl-front-end):
 * ohm memoizes every rule application at every position, so rules applied per character (white space, letters
 * and digits of identifiers and numbers) are written out as character ranges, lists are `Item ("," Item)*`
 * rather than the parameterized ListOf (a new application object per use), and keywords are literals followed by
 * a lexical word-boundary check rather than a parameterized rule.
 *
 * Deviations, all from tinytc v0.3 or from the spec's own examples:
 * - gemm/gemv/sum take an optional comma after their modifiers (the spec's sample writes none);
 * - `gemv` names the GEMV rule (the spec writes "gemm"), `hadamard` is accepted for `hadamard_product`;
 * - yield takes constants as well as identifiers (the spec's if example yields `16`);
 * - an if's result list may be empty, `if %c -> () { ... }` (tinytc v0.3), the same as none;
 * - arith.min and arith.max, which tinytc's later versions have (docs/adding-an-instruction.md adds them);
 * - rpn-expr is a list of tokens, checked and evaluated with a stack (so a malformed expression, a floating
 *   constant or a stray word in it gets a message saying what is wrong rather than a syntax error).
 */
export const TENSOR_LANGUAGE_GRAMMAR = String.raw`
TensorLanguage {
  Program = TopLevel* end
  TopLevel = FunctionDefinition | DefAssign

  space += comment
  comment = ";" (~"\n" any)*
  // What ohm skips between the parts of a syntactic rule: white space and comments, without a rule application
  // per character (ohm memoizes every application, and those were most of the matching time). ~(~";") reads
  // "next is ';'" without the binding that & would add.
  spaces := ("\x00".." " | ~(~";") comment)*
  // Character classes are written out where they repeat per character, for the same reason.
  idChar = "a".."z" | "A".."Z" | "0".."9" | "_"

  // ---- core rules ----
  identifier = "0".."9" "0".."9"*  // unnamed
             | ("a".."z" | "A".."Z") ("a".."z" | "A".."Z" | "0".."9" | "_")*  // named
  localIdentifier = "%" identifier
  globalIdentifier = "@" identifier
  booleanConstant = "true" #(~idChar) | "false" #(~idChar)
  integerConstant = ("-" | "+")? "0".."9"+  -- number
                  | booleanConstant  -- boolean
  exponent = ("-" | "+")? "0".."9"+
  mantissaDec = "0".."9"* "." "0".."9"+  -- fraction
              | "0".."9"+ "."  -- whole
  mantissaHex = hexDigit* "." hexDigit+  -- fraction
              | hexDigit+ "."  -- whole
  floatingConstantDec = ("-" | "+")? (mantissaDec (("e" | "E") exponent)? | "0".."9"+ ("e" | "E") exponent)
  floatingConstantHex = ("-" | "+")? "0" ("x" | "X") (mantissaHex (("p" | "P") exponent)? | hexDigit+ ("p" | "P") exponent)
  floatingConstant = floatingConstantHex | floatingConstantDec

  // ---- preprocessor (spec/preprocessor.txt) ----
  defIdentifier (a compile-time variable such as $n) = "$" identifier
  DefAssign = defIdentifier "=" DefRhs
  // A variable comes before DataType, whose own defIdentifier would take every variable for a type.
  DefRhs = Calc | floatingConstant | integerConstant | ArrayAttribute | DictionaryAttribute | stringAttribute
         | defIdentifier | DataType
  Calc = "!calc" "(" RpnExpr ")"
  RpnExpr = RpnToken*
  RpnToken = floatingConstant | intOrDef | rpnOperator | rpnUnexpected
  rpnOperator = "^" | "-" | "+" | "*" | "/" | "%" | "min" #(~idChar) | "max" #(~idChar)
  rpnUnexpected = (~(space | "(" | ")") any)+
  intOrDef = integerConstant | defIdentifier
  Attribute = ArrayAttribute | DictionaryAttribute | stringAttribute | floatingConstant | integerConstant
            | defIdentifier | DataType
  ArrayAttribute = "[" ListOf<Attribute, ","> "]"
  DictionaryAttribute = "{" ListOf<NamedAttribute, ","> "}"
  NamedAttribute = (identifier | stringAttribute) "=" Attribute
  stringAttribute = "\"" (~"\"" ~"\n" any)* "\""

  // a constant, or a compile-time variable standing for one
  intConst = integerConstant | defIdentifier
  floatConst = floatingConstant | defIdentifier

  // ---- functions ----
  FunctionDefinition = "func" #(~idChar) globalIdentifier "(" ArgumentList? ")" FunctionAttribute* Region
  ArgumentList = Argument ("," Argument)*
  Argument = localIdentifier ":" DataType
  FunctionAttribute = WorkGroupSizeAttribute | SubgroupSizeAttribute
  WorkGroupSizeAttribute = "work_group_size" #(~idChar) "(" intConst "," intConst ")"
  SubgroupSizeAttribute = "subgroup_size" #(~idChar) "(" intConst ")"

  // ---- regions ----
  Region = "{" RegionItem* "}"
  RegionItem = DefAssign | Instruction

  // ---- types ----
  DataType = VoidType | ScalarType | MemrefType | GroupType | defIdentifier
  VoidType = "void" #(~idChar)
  ScalarType = scalarType
  scalarType (a scalar type: i1, i8, i16, i32, i64, index, f32 or f64) = floatingType | integerType
  integerType (an integer type: i1, i8, i16, i32, i64 or index)
    = "i" ("16" | "1" | "8" | "32" | "64")  -- bits
              | "index"  -- index
  floatingType = "f" ("32" | "64")
  ScalarTypeOrDef = scalarType | defIdentifier
  MemrefType = "memref<" ScalarTypeOrDef TensorShape ("," MemoryLayout)? ">"
  MemrefTypeOrDef = MemrefType | defIdentifier
  ConstantOrDynamic = integerConstant | "?" | defIdentifier
  TensorShape = ("x" ConstantOrDynamic)*
  MemoryLayout = StridedLayout
  StridedLayout = "strided<" ConstantOrDynamicList? ">"
  ConstantOrDynamicList = ConstantOrDynamic ("," ConstantOrDynamic)*
  GroupType = "group<" MemrefTypeOrDef ("," "offset" #(~idChar) ":" ConstantOrDynamic)? ">"
  MemrefOrGroupType = MemrefType | GroupType | defIdentifier

  // ---- instructions ----
  Instruction = ValueInstruction
              | MultiValueInstruction
              | AxpbyInstruction
              | BarrierInstruction
              | ForInstruction
              | ForeachInstruction
              | LifetimeStopInstruction
              | GemmInstruction
              | GemvInstruction
              | GerInstruction
              | HadamardProductInstruction
              | StoreInstruction
              | SumInstruction
              | YieldInstruction
  ValueInstruction = localIdentifier "=" ValueInstructionBody
  ValueInstructionBody = AllocaInstruction
                       | ArithBinaryInstruction
                       | ArithUnaryInstruction
                       | CastInstruction
                       | ComparisonInstruction
                       | ExpandInstruction
                       | FuseInstruction
                       | GroupIdInstruction
                       | GroupSizeInstruction
                       | LoadInstruction
                       | SizeInstruction
                       | SubviewInstruction
  MultiValueInstruction = (LocalIdentifierList "=")? IfInstruction
  LocalIdentifierList = localIdentifier ("," localIdentifier)*

  AllocaInstruction = "alloca" #(~idChar) "->" MemrefTypeOrDef

  IdentifierOrConstant = localIdentifier | floatingConstant | integerConstant | defIdentifier
  arithBinaryType = (".add" | ".sub" | ".mul" | ".div" | ".rem" | ".shl" | ".shr" | ".and" | ".or" | ".xor" | ".min" | ".max") ~idChar
  ArithBinaryInstruction = "arith" #(~idChar) arithBinaryType IdentifierOrConstant "," IdentifierOrConstant ":" ScalarTypeOrDef
  arithUnaryType = (".neg" | ".not") ~idChar
  ArithUnaryInstruction = "arith" #(~idChar) arithUnaryType IdentifierOrConstant ":" ScalarTypeOrDef

  CastInstruction = "cast" #(~idChar) IdentifierOrConstant ":" ScalarTypeOrDef "->" ScalarTypeOrDef

  comparisonCondition = (".eq" | ".ne" | ".gt" | ".ge" | ".lt" | ".le") ~idChar
  ComparisonInstruction = "cmp" #(~idChar) comparisonCondition IdentifierOrConstant "," IdentifierOrConstant ":" ScalarTypeOrDef

  ExpandInstruction = "expand" #(~idChar) localIdentifier "[" intConst "->" ExpandShape "]" ":" MemrefTypeOrDef
  ExpandShape = ConstantOrDynamicOrIdentifier ("x" ConstantOrDynamicOrIdentifier)+
  ConstantOrDynamicOrIdentifier = integerConstant | "?" | localIdentifier | defIdentifier

  FuseInstruction = "fuse" #(~idChar) localIdentifier "[" intConst "," intConst "]" ":" MemrefTypeOrDef

  GroupIdInstruction = "group_id" #(~idChar)
  GroupSizeInstruction = "group_size" #(~idChar)

  LoadInstruction = "load" #(~idChar) localIdentifier "[" IndexList? "]" ":" MemrefOrGroupType
  IndexList = IdentifierOrIntConstant ("," IdentifierOrIntConstant)*
  IdentifierOrIntConstant = localIdentifier | integerConstant | defIdentifier

  SizeInstruction = "size" #(~idChar) localIdentifier "[" intConst "]" ":" MemrefTypeOrDef

  SubviewInstruction = "subview" #(~idChar) localIdentifier "[" IndexOrSliceList? "]" ":" MemrefTypeOrDef
  IndexOrSliceList = IndexOrSlice ("," IndexOrSlice)*
  IndexOrSlice = IdentifierOrIntConstant (":" SliceSize)?  -- offset
               | ":"                                          -- full
  SliceSize = IdentifierOrIntConstant | "?"

  IfInstruction = "if" #(~idChar) IdentifierOrIntConstant IfResultTypes? Region ("else" #(~idChar) Region)?
  IfResultTypes = "->" "(" ScalarTypeList? ")"
  ScalarTypeList = ScalarTypeOrDef ("," ScalarTypeOrDef)*

  transpose = (".t" | ".n") ~idChar
  atomic = ".atomic" ~idChar
  ConstOrVal = floatingConstant | integerConstant | localIdentifier | defIdentifier
  AxpbyInstruction = "axpby" #(~idChar) transpose atomic? ","? ConstOrVal "," localIdentifier "," ConstOrVal "," localIdentifier
                     ":" ScalarTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  ForInstruction = "for" #(~idChar) localIdentifier "=" IdentifierOrIntConstant "," IdentifierOrIntConstant
                   ("," IdentifierOrIntConstant)? (":" IntegerTypeOrDef)? Region
  IntegerTypeOrDef = integerType | defIdentifier
  ForeachInstruction = "foreach" #(~idChar) localIdentifier "=" IdentifierOrIntConstant "," IdentifierOrIntConstant
                       (":" IntegerTypeOrDef)? Region

  GemmInstruction = "gemm" #(~idChar) transpose transpose atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                    ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  GemvInstruction = "gemv" #(~idChar) transpose atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                    ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  GerInstruction = "ger" #(~idChar) atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                   ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  hadamardKeyword = "hadamard_product" #(~idChar) | "hadamard" #(~idChar)
  HadamardProductInstruction = hadamardKeyword atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                               ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  StoreInstruction = "store" #(~idChar) IdentifierOrConstant "," localIdentifier "[" IndexList? "]" ":" MemrefTypeOrDef

  SumInstruction = "sum" #(~idChar) transpose atomic? ","? ConstOrVal "," localIdentifier "," ConstOrVal "," localIdentifier
                   ":" ScalarTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  YieldInstruction = "yield" #(~idChar) IdentifierOrConstantList? ":" ScalarTypeList?
  IdentifierOrConstantList = IdentifierOrConstant ("," IdentifierOrConstant)*

  BarrierInstruction = "barrier" #(~idChar)
  LifetimeStopInstruction = "lifetime_stop" #(~idChar) localIdentifier
}
`;

/**
 * ohm's precompiled grammars (what its `ohm generateBundles` writes): a grammar's recipe is its compiled form as
 * JSON, and makeRecipe rebuilds the grammar from it without parsing the grammar text. Both are part of ohm's
 * JavaScript API but missing from its type declarations.
 */
interface OhmRecipes {
  makeRecipe(recipe: string): ohm.Grammar;
}
type RecipeGrammar = ohm.Grammar & { toRecipe(): string };

/**
 * Compiles TENSOR_LANGUAGE_GRAMMAR and returns its recipe: what grammar-recipe.ts must hold (`pnpm
 * tl:grammar-recipe` writes it; frontends/tl/test/grammar-recipe.test.ts checks it).
 */
export function compileTensorLanguageRecipe(): string {
  return (ohm.grammar(TENSOR_LANGUAGE_GRAMMAR) as RecipeGrammar).toRecipe();
}

let grammar: ohm.Grammar | undefined;

/**
 * The grammar, built on first use from its precompiled recipe: about 5 ms, where compiling the text takes about
 * 200 ms, at every start of tl-opt on a .tl file.
 */
export function tensorLanguageGrammar(): ohm.Grammar {
  return (grammar ??= (ohm as unknown as OhmRecipes).makeRecipe(TENSOR_LANGUAGE_RECIPE));
}
