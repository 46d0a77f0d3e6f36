import { appOf } from '../app-service.js';
import { speechTest } from '../../app/speech-test.js';
import { synthesize, transcribe } from '../../app/speech-io.js';
import { runManager } from './runs-control.js';
import type { Handlers } from './types.js';

/** Speech engines: the Models page's Test button and the run page's "Run audio evaluation" (issue 11). */
export const speechHandlers: Handlers = {
  'speech.test': (_ctx, input) => speechTest(input),
  'speech.audioEval': (ctx, { run_id, tts, stt, phone_noise }) =>
    appOf(ctx).audio.evaluate({ run_id, tts, stt, phone_noise }, {}, runManager(ctx).isActive(run_id)),
  'speech.transcribe': (_ctx, { stt, audio_base64 }) => transcribe({ stt, audio: Buffer.from(audio_base64, 'base64') }),
  'speech.synthesize': async (_ctx, input) => {
    const { audio, ...rest } = await synthesize(input);
    return { audio_base64: audio.toString('base64'), ...rest };
  },
};
