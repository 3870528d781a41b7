import { Formatter, type Context, type Variable } from '@squarespace/template-engine';
import {
  formatMessage,
  MessageFormatError,
  parseMessage,
  type MessageArgs,
} from '../../../shared/templates/message-format.js';
import { helperError, resolveArgument, siteLanguage } from './helper-args.js';

/** Parsed messages by text: a theme's few messages are read once per process, not per render. */
const parsed = new Map<string, ReturnType<typeof parseMessage>>();
const PARSED_MAX = 500;

/**
 * `{localizedStrings.resultCountText|message count=search.resultCount}`: the value is an ICU-like
 * message (`shared/templates/message-format.ts`), the arguments name template variables (`key=path`
 * or `key:path`, or positional `{0}`). Plural rules are the site language's. The result is plain
 * text: chain `|html`. A bad message or argument renders nothing and is reported.
 */
export class MessageFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    if (!first) return;
    const values: MessageArgs = {};
    args.forEach((arg, i) => {
      const at = arg.search(/[:=]/);
      if (at === -1) {
        values[String(i)] = resolveArgument(ctx, arg);
      } else {
        const value = resolveArgument(ctx, arg.slice(at + 1));
        values[arg.slice(0, at)] = value;
        values[String(i)] = value;
      }
    });
    const text = first.node.isMissing() ? '' : first.node.asString();
    try {
      let parts = parsed.get(text);
      if (!parts) {
        parts = parseMessage(text);
        if (parsed.size >= PARSED_MAX) parsed.clear();
        parsed.set(text, parts);
      }
      first.set(formatMessage(parts, values, siteLanguage(ctx)));
    } catch (e) {
      if (!(e instanceof MessageFormatError)) throw e;
      helperError(ctx, 'message', e.message);
      first.set('');
    }
  }
}
