import { describe, expect, it } from 'vitest';
import { errorParts } from '../../../src-renderer/api/error-text.js';

const apiError = (message: string, path?: string, file?: string) => ({ message, error: { path, file } });

describe('errorParts: an API error as a person reads it', () => {
  it('an invalid model field: the role in words, the message without the method and the repeated path', () => {
    expect(
      errorParts(
        apiError(
          'runs.start: invalid input: models.agent.model: String must contain at least 1 character(s)',
          'models.agent.model',
        ),
      ),
    ).toEqual({ where: 'Agent model (model)', message: 'String must contain at least 1 character(s)' });
  });

  it('a message that already names the model gets no second label', () => {
    expect(errorParts(apiError('agent model scripted:/x.json could not be loaded: not found', 'models.agent'))).toEqual(
      { message: 'agent model scripted:/x.json could not be loaded: not found' },
    );
    expect(errorParts(apiError('the run was not started: error (agent model): ...', 'models.judge'))).toEqual({
      where: 'Judge model',
      message: 'the run was not started: error (agent model): ...',
    });
  });

  it('other paths are shown once; files are kept; plain errors pass through', () => {
    expect(errorParts(apiError('graph.nodes[1].id: duplicate id', 'graph.nodes[1].id'))).toEqual({
      where: 'graph.nodes[1].id',
      message: 'duplicate id',
    });
    expect(errorParts(apiError('node greet (graph.nodes[0]) has no way out', 'graph.nodes[0]'))).toEqual({
      message: 'node greet (graph.nodes[0]) has no way out',
    });
    expect(errorParts(apiError('bad edge', 'graph.edges[0]', 'agent.json'))).toEqual({
      file: 'agent.json',
      where: 'graph.edges[0]',
      message: 'bad edge',
    });
    expect(errorParts(new Error('boom'))).toEqual({ message: 'boom' });
  });
});
