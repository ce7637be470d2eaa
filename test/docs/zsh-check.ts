// What breaks when a shell line is pasted into zsh but works in bash: an unquoted `?`, `*` or `[` is a glob there,
// and a glob that matches no file stops the command ("zsh: no matches found"), as every `curl …?limit=2` did (issue 33).

export interface ZshProblem {
  /** The line within the block, from 0. */
  readonly lineOffset: number;
  readonly word: string;
  readonly character: string;
}

/**
 * The unquoted glob characters of shell `text`, one per word.
 * - Quotes ('…', "…") and backslash escapes protect; `#` at a word's start begins a comment.
 * - `$?`, `${…}` and `[`/`[[` as a command (a test) are not globs; here-document bodies are skipped.
 */
export function zshProblems(text: string): ZshProblem[] {
  const problems: ZshProblem[] = [];
  const lines = text.split('\n');
  let hereDocument: string | undefined;
  for (let offset = 0; offset < lines.length; offset += 1) {
    const line = lines[offset]!;
    if (hereDocument !== undefined) {
      if (line.trim() === hereDocument) hereDocument = undefined;
      continue;
    }
    const here = /<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?/.exec(line);
    let quote: '' | "'" | '"' = '';
    let word = '';
    let flagged = false;
    const endWord = () => {
      word = '';
      flagged = false;
    };
    for (let at = 0; at < line.length; at += 1) {
      const char = line[at]!;
      if (quote === "'") {
        if (char === "'") quote = '';
        word += char;
        continue;
      }
      if (char === '\\') {
        word += line.slice(at, at + 2);
        at += 1;
        continue;
      }
      if (quote === '"') {
        if (char === '"') quote = '';
        word += char;
        continue;
      }
      if (char === "'" || char === '"') {
        quote = char;
        word += char;
        continue;
      }
      if (/\s|;|&|\||\(|\)/.test(char)) {
        endWord();
        continue;
      }
      if (char === '#' && word === '') break;
      if (char === '$' && line[at + 1] === '?') {
        word += '$?';
        at += 1;
        continue;
      }
      if (char === '$' && line[at + 1] === '{') {
        const close = line.indexOf('}', at);
        const end = close === -1 ? line.length : close;
        word += line.slice(at, end + 1);
        at = end;
        continue;
      }
      const isTestCommand = char === '[' && word === '' && /^\[\[?(\s|$)/.test(line.slice(at));
      if ((char === '?' || char === '*' || char === '[') && !isTestCommand && !flagged) {
        // The whole word, for the message: read on to its end.
        const rest = /^[^\s;&|()]*/.exec(line.slice(at))![0];
        problems.push({ lineOffset: offset, word: word + rest, character: char });
        flagged = true;
      }
      word += char;
    }
    if (here) hereDocument = here[1];
  }
  return problems;
}
