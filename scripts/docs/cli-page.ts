// docs/reference/cli.md: every flag and environment variable of the `kindgi-mock` command, from its own --help.
// The flags are parsed ad hoc (node:util parseArgs, described by a hand-written usage text), so the page is made
// from what `--help` prints, run as a user runs it; the environment variables are cross-checked against the code.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { cell, GENERATED_NOTE, table } from './markdown.ts';

const run = promisify(execFile);

/** What `kindgi-mock [args]` prints to stdout, run from the sources with tsx, in an environment that prints no machine's paths. */
export async function helpOf(root: string, args: readonly string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: '~', LANG: 'C' };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], { cwd: root, env });
    return stdout;
  } catch (error) {
    throw new Error(`kindgi-mock ${args.join(' ')} failed, so the CLI page cannot be made:\n${(error as { stderr?: string }).stderr ?? String(error)}`);
  }
}

export interface Flag {
  readonly flag: string;
  readonly argument: string;
  readonly description: string;
}

/** The usage text's flags: a line `  --name ARG   text`, and its description continued on lines indented past the flag. */
export function flagsOf(help: string): Flag[] {
  const flags: Array<{ flag: string; argument: string; description: string }> = [];
  for (const line of help.split('\n')) {
    const start = /^ {2}(--[a-z-]+)((?: [A-Z][A-Za-z0-9[\],|.-]*)?)\s{2,}(.*)$/.exec(line);
    if (start) {
      flags.push({ flag: start[1]!, argument: start[2]!.trim(), description: start[3]!.trim() });
    } else if (/^ {6,}\S/.test(line) && flags.length > 0) {
      flags.at(-1)!.description += ` ${line.trim()}`;
    } else if (!/^\s*$/.test(line)) {
      // A line at the left margin (usage, exit codes) ends the last flag's description.
      flags.push({ flag: '', argument: '', description: '' });
    }
  }
  return flags.filter((flag) => flag.flag !== '');
}

/** Every `process.env.NAME` (or `env.NAME` of a passed-in environment) the package's own code reads (src/ and contracts/, tests aside), with the files that read it. */
export function environmentReadBy(root: string): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b/g)) {
          const files = readers.get(match[1]!) ?? [];
          const file = relative(root, path);
          if (!files.includes(file)) files.push(file);
          readers.set(match[1]!, files.sort());
        }
      }
    }
  };
  for (const dir of ['src', 'contracts']) walk(join(root, dir));
  return new Map([...readers].sort(([a], [b]) => a.localeCompare(b)));
}

/** The environment variables a flag's description names (`env PORT`, `(env KINDGI_TOKEN)`, `$GITHUB_STEP_SUMMARY`). */
const variablesIn = (text: string) => [...text.matchAll(/\$?\b([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST)\b/g)].map((match) => match[1]!);

export async function cliPage(root: string): Promise<string> {
  const commands = [
    { title: '`kindgi-mock`: the mock server', args: ['--help'], invocation: 'kindgi-mock [options]' },
    { title: '`kindgi-mock contracts`: the contract kit', args: ['contracts', '--help'], invocation: 'kindgi-mock contracts --base-url URL [options]' },
  ];
  const sections: string[] = [];
  const documented = new Map<string, string[]>();
  for (const command of commands) {
    const help = await helpOf(root, command.args);
    const flags = flagsOf(help);
    for (const { flag, description } of flags) {
      for (const name of variablesIn(description)) documented.set(name, [...(documented.get(name) ?? []), `\`${command.invocation.split(' [')[0]!.split(' --')[0]} ${flag}\``]);
    }
    sections.push(
      `## ${command.title}`,
      '',
      `\`${command.args.join(' ')}\` prints:`,
      '',
      '```text',
      help.trimEnd(),
      '```',
      '',
      table(['flag', 'takes', 'what it does'], flags.map(({ flag, argument, description }) => [`\`${flag}\``, argument ? `\`${argument}\`` : '', cell(description)])),
      '',
    );
  }
  const read = environmentReadBy(root);
  const names = [...new Set([...read.keys(), ...documented.keys()])].sort();
  const variables = names.map((name) => [
    `\`${name}\``,
    cell(documented.has(name) ? [...new Set(documented.get(name))].join(', ') : '(not in `--help`)'),
    cell(read.has(name) ? read.get(name)!.map((file) => `\`${file}\``).join(', ') : '(read by no code in src/ or contracts/)'),
  ]);
  return [
    GENERATED_NOTE("the commands' own `--help`"),
    '',
    '# Reference: the command line',
    '',
    'Installed, the command is `npx kindgi-mock` (in this repo, `npm start --` and `npm run contracts --`). A flag given twice takes its last value; a flag and its environment variable both given, the flag wins. An unknown flag or a bad value stops the command with a message and the usage, exit code 1 (the contract kit: 2).',
    '',
    ...sections,
    '## Environment variables',
    '',
    'Every variable the usage texts name, and every `process.env` the package reads.',
    '',
    table(['variable', 'stands for', 'read by'], variables),
    '',
  ].join('\n');
}
