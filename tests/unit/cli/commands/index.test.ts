import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsFor } from '../../../../src-main/cli/commands/index.js';

describe('the lazy command table', () => {
  it('each entry registers exactly the top-level commands it names, in table order', async () => {
    const program = new Command('parley');
    const seen: string[] = [];
    for (const entry of COMMANDS) {
      const before = program.commands.length;
      for (const register of await entry.load()) register(program);
      const added = program.commands.slice(before).map((c) => c.name());
      expect(added, entry.names.join(',')).toEqual(entry.names);
      seen.push(...added);
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('loads only the named command, nothing for a bare --version, everything for help or a typo', () => {
    expect(commandsFor(['runs', 'list', '--json']).map((e) => e.names)).toEqual([['runs']]);
    expect(commandsFor(['serve', '--port', '0']).map((e) => e.names)).toEqual([['serve']]);
    expect(commandsFor(['--version'])).toEqual([]);
    expect(commandsFor(['-v'])).toEqual([]);
    expect(commandsFor([])).toBe(COMMANDS);
    expect(commandsFor(['--help'])).toBe(COMMANDS);
    expect(commandsFor(['--version', '--help'])).toBe(COMMANDS);
    expect(commandsFor(['help', 'runs'])).toBe(COMMANDS);
    expect(commandsFor(['runz', 'list'])).toBe(COMMANDS);
  });
});
