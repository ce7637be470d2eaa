// Reads a Dockerfile into its stages and instructions, so that a test can run the recipe's own
// steps outside a container (there is no container daemon on these machines).

export interface Instruction {
  /** Upper case: `RUN`, `ENV`, `CMD`… */
  op: string;
  args: string;
}

export interface Stage {
  /** The image it starts from, and its `AS` name if it has one. */
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** The stages in order; comment lines dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Stage[] {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter(Boolean);
  const stages: Stage[] = [];
  for (const line of joined) {
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (op === undefined || args === undefined) throw new Error(`not an instruction: ${line}`);
    if (op.toUpperCase() === 'FROM') {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from: from!, ...(name ? { name } : {}), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${op} before any FROM`);
    stage.instructions.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

/** The args of each instruction `op` of `stage`. */
export const argsOf = (stage: Stage, op: string): string[] => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

/** `ENV A=1 B=2` lines, merged. Values with spaces are not supported (the recipe has none). */
export function envOf(stage: Stage): Record<string, string> {
  return Object.fromEntries(argsOf(stage, 'ENV').flatMap((args) => args.split(/\s+/).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`ENV ${args}: write it as NAME=value`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  })));
}

/** The exec form of `CMD [...]`, or of a `HEALTHCHECK … CMD [...]`. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const parsed = JSON.parse(json) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec form: ${args}`);
  return parsed as string[];
}
