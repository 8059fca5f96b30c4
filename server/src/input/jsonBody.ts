/**
 * Checks on JSON request text before it is parsed: nesting depth is capped (a body nested 5,000 deep
 * would otherwise reach the database layer and recursive validators), and NUL characters, raw or as
 * `\u0000`, are refused because PostgreSQL text cannot hold them and no field of the API needs one.
 */
import { JSON_MAX_DEPTH } from '../../../engine/spec/limits';

/** The reason `text` is refused as a JSON body, or null when it may be parsed. Linear, no recursion. */
export function jsonBodyProblem(text: string, maxDepth = JSON_MAX_DEPTH): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'the request contains a NUL character';
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.startsWith('u0000', i + 1)) return 'the request contains a NUL character (\\u0000)';
        i++; // skip the escaped character
      } else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return `the JSON is nested deeper than ${maxDepth} levels`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}
