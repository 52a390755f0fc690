import * as ohm from 'ohm-js';

/**
 * The tensor language (spec/tensor-language.txt) and its preprocessor (spec/preprocessor.txt) as an ohm-js
 * grammar. It mirrors the spec's ABNF rule for rule; a spec rule `foo-bar` is `FooBar` here when it is
 * syntactic (ohm skips white space and `;` comments between its parts) and `fooBar` when it is lexical (a
 * token: identifiers, constants, scalar types). Where PEG's ordered choice needs it, alternatives are
 * reordered (a floating constant is tried before an integer constant, `i16` before `i1`, `foreach` is kept
 * apart from `for` by backtracking) and keywords end at a word boundary. Deviations, all from tinytc v0.3 or
 * from the spec's own examples:
 * - gemm/gemv/sum take an optional comma after their modifiers (the spec's sample writes none);
 * - `gemv` names the GEMV rule (the spec writes "gemm"), `hadamard` is accepted for `hadamard_product`;
 * - yield takes constants as well as identifiers (the spec's if example yields `16`);
 * - rpn-expr is a list of tokens, checked and evaluated with a stack (so a malformed expression, a floating
 *   constant or a stray word in it gets a message saying what is wrong rather than a syntax error).
 */
export const TENSOR_LANGUAGE_GRAMMAR = String.raw`
TensorLanguage {
  Program = TopLevel* end
  TopLevel = FunctionDefinition | DefAssign

  space += comment
  comment = ";" (~"\n" any)*
  alpha = "a".."z" | "A".."Z"
  idChar = alpha | digit | "_"
  kw<word> = word ~idChar

  // ---- core rules ----
  identifier = digit+  -- unnamed
             | alpha idChar*  -- named
  localIdentifier = "%" identifier
  globalIdentifier = "@" identifier
  sign = "-" | "+"
  booleanConstant = kw<"true"> | kw<"false">
  integerConstant = booleanConstant  -- boolean
                  | sign? digit+  -- number
  exponent = sign? digit+
  mantissaDec = digit* "." digit+  -- fraction
              | digit+ "."  -- whole
  mantissaHex = hexDigit* "." hexDigit+  -- fraction
              | hexDigit+ "."  -- whole
  floatingConstantDec = sign? (mantissaDec (("e" | "E") exponent)? | digit+ ("e" | "E") exponent)
  floatingConstantHex = sign? "0" ("x" | "X") (mantissaHex (("p" | "P") exponent)? | hexDigit+ ("p" | "P") exponent)
  floatingConstant = floatingConstantHex | floatingConstantDec

  // ---- preprocessor (spec/preprocessor.txt) ----
  defIdentifier = "$" identifier
  DefAssign = defIdentifier "=" DefRhs
  // A variable comes before DataType, whose own defIdentifier would take every variable for a type.
  DefRhs = Calc | floatingConstant | integerConstant | ArrayAttribute | DictionaryAttribute | stringAttribute
         | defIdentifier | DataType
  Calc = "!calc" "(" RpnExpr ")"
  RpnExpr = RpnToken*
  RpnToken = floatingConstant | intOrDef | rpnOperator | rpnUnexpected
  rpnOperator = "^" | "-" | "+" | "*" | "/" | "%" | kw<"min"> | kw<"max">
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
  FunctionDefinition = kw<"func"> globalIdentifier "(" ArgumentList? ")" FunctionAttribute* Region
  ArgumentList = NonemptyListOf<Argument, ",">
  Argument = localIdentifier ":" DataType
  FunctionAttribute = WorkGroupSizeAttribute | SubgroupSizeAttribute
  WorkGroupSizeAttribute = kw<"work_group_size"> "(" intConst "," intConst ")"
  SubgroupSizeAttribute = kw<"subgroup_size"> "(" intConst ")"

  // ---- regions ----
  Region = "{" RegionItem* "}"
  RegionItem = DefAssign | Instruction

  // ---- types ----
  DataType = VoidType | ScalarType | MemrefType | GroupType | defIdentifier
  VoidType = kw<"void">
  ScalarType = scalarType
  scalarType = integerType | floatingType
  integerType = "i" ("16" | "1" | "8" | "32" | "64")  -- bits
              | "index"  -- index
  floatingType = "f" ("32" | "64")
  ScalarTypeOrDef = scalarType | defIdentifier
  MemrefType = "memref<" ScalarTypeOrDef TensorShape ("," MemoryLayout)? ">"
  MemrefTypeOrDef = MemrefType | defIdentifier
  ConstantOrDynamic = integerConstant | "?" | defIdentifier
  TensorShape = ("x" ConstantOrDynamic)*
  MemoryLayout = StridedLayout
  StridedLayout = "strided<" ConstantOrDynamicList? ">"
  ConstantOrDynamicList = NonemptyListOf<ConstantOrDynamic, ",">
  GroupType = "group<" MemrefTypeOrDef ("," kw<"offset"> ":" ConstantOrDynamic)? ">"
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
  LocalIdentifierList = NonemptyListOf<localIdentifier, ",">

  AllocaInstruction = kw<"alloca"> "->" MemrefTypeOrDef

  IdentifierOrConstant = localIdentifier | floatingConstant | integerConstant | defIdentifier
  arithBinaryType = (".add" | ".sub" | ".mul" | ".div" | ".rem" | ".shl" | ".shr" | ".and" | ".or" | ".xor") ~idChar
  ArithBinaryInstruction = kw<"arith"> arithBinaryType IdentifierOrConstant "," IdentifierOrConstant ":" ScalarTypeOrDef
  arithUnaryType = (".neg" | ".not") ~idChar
  ArithUnaryInstruction = kw<"arith"> arithUnaryType IdentifierOrConstant ":" ScalarTypeOrDef

  CastInstruction = kw<"cast"> IdentifierOrConstant ":" ScalarTypeOrDef "->" ScalarTypeOrDef

  comparisonCondition = (".eq" | ".ne" | ".gt" | ".ge" | ".lt" | ".le") ~idChar
  ComparisonInstruction = kw<"cmp"> comparisonCondition IdentifierOrConstant "," IdentifierOrConstant ":" ScalarTypeOrDef

  ExpandInstruction = kw<"expand"> localIdentifier "[" intConst "->" ExpandShape "]" ":" MemrefTypeOrDef
  ExpandShape = ConstantOrDynamicOrIdentifier ("x" ConstantOrDynamicOrIdentifier)+
  ConstantOrDynamicOrIdentifier = integerConstant | "?" | localIdentifier | defIdentifier

  FuseInstruction = kw<"fuse"> localIdentifier "[" intConst "," intConst "]" ":" MemrefTypeOrDef

  GroupIdInstruction = kw<"group_id">
  GroupSizeInstruction = kw<"group_size">

  LoadInstruction = kw<"load"> localIdentifier "[" IndexList? "]" ":" MemrefOrGroupType
  IndexList = NonemptyListOf<IdentifierOrIntConstant, ",">
  IdentifierOrIntConstant = localIdentifier | integerConstant | defIdentifier

  SizeInstruction = kw<"size"> localIdentifier "[" intConst "]" ":" MemrefTypeOrDef

  SubviewInstruction = kw<"subview"> localIdentifier "[" IndexOrSliceList? "]" ":" MemrefTypeOrDef
  IndexOrSliceList = NonemptyListOf<IndexOrSlice, ",">
  IndexOrSlice = IdentifierOrIntConstant (":" SliceSize)?  -- offset
               | ":"                                          -- full
  SliceSize = IdentifierOrIntConstant | "?"

  IfInstruction = kw<"if"> IdentifierOrIntConstant ("->" "(" ScalarTypeList ")")? Region (kw<"else"> Region)?
  ScalarTypeList = NonemptyListOf<ScalarTypeOrDef, ",">

  transpose = (".t" | ".n") ~idChar
  atomic = ".atomic" ~idChar
  ConstOrVal = floatingConstant | integerConstant | localIdentifier | defIdentifier
  AxpbyInstruction = kw<"axpby"> transpose atomic? ","? ConstOrVal "," localIdentifier "," ConstOrVal "," localIdentifier
                     ":" ScalarTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  ForInstruction = kw<"for"> localIdentifier "=" IdentifierOrIntConstant "," IdentifierOrIntConstant
                   ("," IdentifierOrIntConstant)? (":" IntegerTypeOrDef)? Region
  IntegerTypeOrDef = integerType | defIdentifier
  ForeachInstruction = kw<"foreach"> localIdentifier "=" IdentifierOrIntConstant "," IdentifierOrIntConstant
                       (":" IntegerTypeOrDef)? Region

  GemmInstruction = kw<"gemm"> transpose transpose atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                    ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  GemvInstruction = kw<"gemv"> transpose atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                    ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  GerInstruction = kw<"ger"> atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                   ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef
  hadamardKeyword = kw<"hadamard_product"> | kw<"hadamard">
  HadamardProductInstruction = hadamardKeyword atomic? ","? ConstOrVal "," localIdentifier "," localIdentifier "," ConstOrVal "," localIdentifier
                               ":" ScalarTypeOrDef "," MemrefTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  StoreInstruction = kw<"store"> IdentifierOrConstant "," localIdentifier "[" IndexList? "]" ":" MemrefTypeOrDef

  SumInstruction = kw<"sum"> transpose atomic? ","? ConstOrVal "," localIdentifier "," ConstOrVal "," localIdentifier
                   ":" ScalarTypeOrDef "," MemrefTypeOrDef "," ScalarTypeOrDef "," MemrefTypeOrDef

  YieldInstruction = kw<"yield"> IdentifierOrConstantList? ":" ScalarTypeList?
  IdentifierOrConstantList = NonemptyListOf<IdentifierOrConstant, ",">

  BarrierInstruction = kw<"barrier">
  LifetimeStopInstruction = kw<"lifetime_stop"> localIdentifier
}
`;

let grammar: ohm.Grammar | undefined;

/** The compiled grammar (compiled once, on first use). */
export function tensorLanguageGrammar(): ohm.Grammar {
  return (grammar ??= ohm.grammar(TENSOR_LANGUAGE_GRAMMAR));
}
