// `#flow.parameter.named<"scope"::"key"> : tensor<...>`: a tensor whose contents are a named parameter that the
// program loads at run time (IREE's NamedParameterAttr, the initial value of a global).
import { AttrParameter, OptionalParameter, StringParameter, TypeParameter, defineAttribute, quoteString, type DialectAsmParser } from '@tlir/ir';

/**
 * `#flow.parameter.named<"scope"::"key"> : tensor<4xf32>`, `#flow.parameter.named<"key", {config}> : type`: the
 * parameter `key` of the optional `scope`, with an optional configuration dictionary (IREE's syntax). tlir reads and
 * prints it; the interpreter has no parameter store to load it from.
 */
export const NamedParameterAttr = defineAttribute('flow.parameter.named', {
  summary: 'named parameter referenced an optional scope and key',
  description:
    'A tensor value stored outside the program as a parameter: a key, an optional scope and an optional ' +
    'configuration dictionary, with the type of the tensor it stands for (IREE\'s `#flow.parameter.named`).',
  parameters: { scope: OptionalParameter(StringParameter), key: StringParameter, config: OptionalParameter(AttrParameter), valueType: TypeParameter },
  parse(p: DialectAsmParser) {
    p.parseLess();
    const first = p.parseString();
    let scope: string | undefined;
    let key = first;
    if (p.parseOptionalColon()) {
      p.parseColon();
      scope = first;
      key = p.parseString();
    }
    let config;
    if (p.parseOptionalComma()) config = p.parseAttribute();
    p.parseGreater();
    const valueType = p.parseColonType();
    return { scope, key, config, valueType };
  },
  print(v, w) {
    w.write('<');
    if (v.scope !== undefined) w.write(`${quoteString(v.scope)}::`);
    w.write(quoteString(v.key));
    if (v.config !== undefined) {
      w.write(', ');
      w.printAttribute(v.config);
    }
    w.write('> : ');
    w.printType(v.valueType);
  },
});
