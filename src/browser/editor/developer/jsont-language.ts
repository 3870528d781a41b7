import { StreamLanguage, type StringStream } from '@codemirror/language';

interface JsontState {
  /** Inside `{…}`: what the next word is. */
  tag: 'none' | 'start' | 'body' | 'formatter';
  /** Inside an HTML tag `<…>`. */
  html: boolean;
  /** Inside `{## … ##}` or `<!-- … -->`. */
  comment: 'none' | 'jsont' | 'html';
}

const INSTRUCTIONS =
  /^\.(section|repeated section|repeated|end|or|if|alternates with|var|eval|macro|ctx|inject|include|newline|space|tab|meta-left|meta-right)\b/;

/**
 * JSON-T (the template engine's language) over HTML, for CodeMirror: `{.section x}`,
 * `{.repeated section}`, `{.if}`, `{.end}` as keywords, predicates (`{.equal? …}`), variables and
 * `|formatter args`, `{# comments}`; HTML tags and attributes around them. A small stream
 * tokenizer (a full mixed parser would be larger than the rest of the editor).
 */
function token(stream: StringStream, state: JsontState): string | null {
  if (state.comment === 'jsont') {
    if (stream.skipTo('##}')) {
      stream.match('##}');
      state.comment = 'none';
    } else stream.skipToEnd();
    return 'comment';
  }
  if (state.comment === 'html') {
    if (stream.skipTo('-->')) {
      stream.match('-->');
      state.comment = 'none';
    } else stream.skipToEnd();
    return 'comment';
  }
  if (state.tag !== 'none') {
    if (stream.eat('}')) {
      state.tag = 'none';
      return 'brace';
    }
    if (stream.eatSpace()) return null;
    if (state.tag === 'start') {
      state.tag = 'body';
      if (stream.match(INSTRUCTIONS)) return 'keyword';
      if (stream.match(/^\.[\w-]+\?/)) return 'keyword';
      if (stream.match(/^#[^}]*/)) {
        return 'comment';
      }
    }
    if (stream.eat('|')) {
      state.tag = 'formatter';
      return 'operator';
    }
    if (state.tag === 'formatter' && stream.match(/^[\w-]+/)) {
      state.tag = 'body';
      return 'function';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
    if (stream.match(/^@[\w.]*/)) return 'variableName.special';
    if (stream.match(/^[\w.$-]+/)) return 'variableName';
    stream.next();
    return null;
  }
  if (stream.match('{##')) {
    state.comment = 'jsont';
    return 'comment';
  }
  // `{` opens a tag only when something tag-like follows (CSS and scripts use braces too).
  if (stream.match(/^\{(?=[.@#\w])/)) {
    state.tag = 'start';
    return 'brace';
  }
  if (stream.match('<!--')) {
    state.comment = 'html';
    return 'comment';
  }
  if (!state.html && stream.match(/^<\/?[A-Za-z][\w-]*/)) {
    state.html = true;
    return 'tagName';
  }
  if (state.html) {
    if (stream.match(/^\/?>/)) {
      state.html = false;
      return 'tagName';
    }
    if (stream.match(/^[A-Za-z_:][\w:.-]*(?==)/)) return 'attributeName';
    if (stream.match(/^"[^"{]*"?/) || stream.match(/^'[^'{]*'?/)) return 'attributeValue';
    if (stream.peek() === '{') return null;
    stream.next();
    return null;
  }
  stream.eatWhile(/[^{<]/);
  if (stream.current() === '') stream.next();
  return null;
}

export const jsontLanguage = StreamLanguage.define<JsontState>({
  name: 'json-t',
  startState: () => ({ tag: 'none', html: false, comment: 'none' }),
  copyState: (s) => ({ ...s }),
  token,
  languageData: { commentTokens: { block: { open: '{##', close: '##}' } } },
});
