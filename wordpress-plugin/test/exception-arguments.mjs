// What the plugin hands to the exceptions it throws, read with PHP's own tokenizer (php-cli).
//
// The plugin directory's Plugin Check runs WPCS's WordPress.Security.EscapeOutput.ExceptionNotEscaped
// sniff: an exception's message may end up printed (a fatal error shown on screen, a logger), so every
// argument of a thrown `new …( )` must be a literal or come out of an escaping function. WPCS is in
// neither npm nor Debian, so CI cannot run the sniff itself (docs/testing.md gives the command for the
// full run). This applies its rule, a little stricter: a throw inside a `try` counts too, and only
// plain literals, their concatenation and the escapes below pass.
import { execFileSync } from 'node:child_process';

/** The escaping functions of WPCS's list whose result can serve as a message or a code. */
const ESCAPES = new Set([
  'absint',
  'esc_attr',
  'esc_attr__',
  'esc_attr_x',
  'esc_html',
  'esc_html__',
  'esc_html_x',
  'esc_js',
  'esc_textarea',
  'esc_url',
  'esc_xml',
  'intval',
  'number_format',
  'wp_json_encode',
  'wp_kses',
  'wp_kses_post',
]);

const LITERALS = new Set(['T_CONSTANT_ENCAPSED_STRING', 'T_LNUMBER', 'T_DNUMBER']);
const CONSTANT_WORDS = new Set(['true', 'false', 'null']);
/** What may stand between `throw` and the parenthesis: `new`, a class or function name, `$maker->`. */
const CALLEE = new Set([
  'T_NEW',
  'T_STRING',
  'T_NAME_QUALIFIED',
  'T_NAME_FULLY_QUALIFIED',
  'T_NAME_RELATIVE',
  'T_NS_SEPARATOR',
  'T_VARIABLE',
  'T_OBJECT_OPERATOR',
  'T_NULLSAFE_OBJECT_OPERATOR',
  'T_DOUBLE_COLON',
  'T_STATIC',
]);

const TOKENIZE = `
  $out = array();
  foreach ( json_decode( stream_get_contents( STDIN ), true ) as $name => $source ) {
    $tokens = array();
    $line   = 1;
    foreach ( token_get_all( $source ) as $token ) {
      $text = is_array( $token ) ? $token[1] : $token;
      $kind = is_array( $token ) ? token_name( $token[0] ) : $token;
      if ( ! in_array( $kind, array( 'T_WHITESPACE', 'T_COMMENT', 'T_DOC_COMMENT' ), true ) ) {
        $tokens[] = array( $kind, $text, $line );
      }
      $line += substr_count( $text, "\\n" );
    }
    $out[ $name ] = $tokens;
  }
  echo json_encode( $out );`;

/**
 * @typedef {[kind: string, text: string, line: number]} Token
 * @typedef {{ file: string, line: number, argument: string }} Finding
 */

/**
 * Every argument of a thrown exception (or of the call that makes it) that is neither a literal nor escaped.
 * @param {Record<string, string>} sources PHP sources by file name
 * @returns {Finding[]}
 */
export function unescapedExceptionArguments(sources) {
  const tokenized = JSON.parse(
    execFileSync('php', ['-d', 'display_errors=stderr', '-r', TOKENIZE], {
      input: JSON.stringify(sources),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  return Object.entries(tokenized).flatMap(([file, tokens]) =>
    thrownArguments(tokens)
      .filter((argument) => !isSafe(argument))
      .map((argument) => ({
        file,
        line: argument[0][2],
        argument: argument.map(([, text]) => text).join(' '),
      })),
  );
}

/**
 * The arguments of each `throw new X( … )` or `throw make_error( … )`; a rethrown `$error` has none.
 * @param {Token[]} tokens
 * @returns {Token[][]}
 */
function thrownArguments(tokens) {
  const found = [];
  tokens.forEach(([kind], index) => {
    if (kind !== 'T_THROW') return;
    let open = index + 1;
    while (open < tokens.length && CALLEE.has(tokens[open][0])) open++;
    if (tokens[open]?.[0] !== '(' || open === index + 1) return;
    found.push(...splitAtCommas(tokens.slice(open + 1, closing(tokens, open))));
  });
  return found;
}

/** @param {Token[]} tokens @param {number} open the index of an opening bracket @returns {number} its partner's */
function closing(tokens, open) {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    if (['(', '[', '{', 'T_CURLY_OPEN', 'T_DOLLAR_OPEN_CURLY_BRACES'].includes(tokens[index][0])) depth++;
    if ([')', ']', '}'].includes(tokens[index][0])) depth--;
    if (depth === 0) return index;
  }
  return tokens.length;
}

/** @param {Token[]} tokens @param {string} separator @returns {Token[][]} the parts between top-level separators */
function splitAtCommas(tokens, separator = ',') {
  const parts = [[]];
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index][0] === separator) {
      parts.push([]);
      continue;
    }
    const end = ['(', '['].includes(tokens[index][0]) ? closing(tokens, index) : index;
    parts[parts.length - 1].push(...tokens.slice(index, end + 1));
    index = end;
  }
  return parts.filter((part) => part.length > 0);
}

/**
 * A literal, an escaping call that spans the whole part, a parenthesised safe part, or such parts joined by `.`.
 * @param {Token[]} part
 * @returns {boolean}
 */
function isSafe(part) {
  const pieces = splitAtCommas(part, '.');
  if (pieces.length > 1) return pieces.every(isSafe);
  const [first] = part;
  if (part.length === 1) {
    return LITERALS.has(first[0]) || (first[0] === 'T_STRING' && CONSTANT_WORDS.has(first[1].toLowerCase()));
  }
  if (first[0] === '(' && closing(part, 0) === part.length - 1) return isSafe(part.slice(1, -1));
  const name = first[1].replace(/^\\/, '').toLowerCase();
  return ESCAPES.has(name) && part[1]?.[0] === '(' && closing(part, 1) === part.length - 1;
}
