import { appOf } from '../app-service.js';
import { speechTest } from '../../app/speech-test.js';
import { runManager } from './runs-control.js';
import type { Handlers } from './types.js';

/** Speech engines: the Models page's Test button and the run page's "Run audio evaluation" (issue 11). */
export const speechHandlers: Handlers = {
  'speech.test': (_ctx, input) => speechTest(input),
  'speech.audioEval': (ctx, { run_id, tts, stt, phone_noise }) =>
    appOf(ctx).audio.evaluate({ run_id, tts, stt, phone_noise }, {}, runManager(ctx).isActive(run_id)),
};
