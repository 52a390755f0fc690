/** Token kinds of the MLIR textual format. */
export const enum Tok {
  EOF,
  Error,
  BareId, // foo, i32, memref, func.func
  AtId, // @foo, @"foo bar"
  HashId, // #alias, #dialect.attr
  PercentId, // %0, %arg
  CaretId, // ^bb0
  BangId, // !alias, !dialect.type
  Integer, // 42, 0x2A
  Float, // 1.5, 1.0e-3
  String, // "text"
  LParen,
  RParen,
  LBrace,
  RBrace,
  LSquare,
  RSquare,
  Less,
  Greater,
  Colon,
  Comma,
  Equal,
  Arrow, // ->
  Minus,
  Plus,
  Question,
  Star,
  Ellipsis, // ...
  Pipe, // |
  FileMetadataBegin, // {-#
  FileMetadataEnd, // #-}
}

/** How each token kind is described in "expected ..." messages. */
export const TOKEN_SPELLING: Record<Tok, string> = {
  [Tok.EOF]: 'end of file',
  [Tok.Error]: 'error',
  [Tok.BareId]: 'identifier',
  [Tok.AtId]: 'symbol reference',
  [Tok.HashId]: 'attribute alias or dialect attribute',
  [Tok.PercentId]: 'SSA value',
  [Tok.CaretId]: 'block name',
  [Tok.BangId]: 'type alias or dialect type',
  [Tok.Integer]: 'integer',
  [Tok.Float]: 'floating point literal',
  [Tok.String]: 'string',
  [Tok.LParen]: "'('",
  [Tok.RParen]: "')'",
  [Tok.LBrace]: "'{'",
  [Tok.RBrace]: "'}'",
  [Tok.LSquare]: "'['",
  [Tok.RSquare]: "']'",
  [Tok.Less]: "'<'",
  [Tok.Greater]: "'>'",
  [Tok.Colon]: "':'",
  [Tok.Comma]: "','",
  [Tok.Equal]: "'='",
  [Tok.Arrow]: "'->'",
  [Tok.Minus]: "'-'",
  [Tok.Plus]: "'+'",
  [Tok.Question]: "'?'",
  [Tok.Star]: "'*'",
  [Tok.Ellipsis]: "'...'",
  [Tok.Pipe]: "'|'",
  [Tok.FileMetadataBegin]: "'{-#'",
  [Tok.FileMetadataEnd]: "'#-}'",
};
