import { appOf } from '../door/app-service.js';
import { speechTest } from './speech-test.js';
import { synthesize, transcribe } from './speech-io.js';
import type { Methods } from '../method-table.js';

/** Speech engines: the Models page's Test button and the run page's "Run audio evaluation" (issue 11). */
export const speechMethods: Methods = {
  'speech.test': (_ctx, input) => speechTest(input),
  'speech.audioEval': async (ctx, { run_id, tts, stt, phone_noise }) => ({
    job_id: (await appOf(ctx).audio.start({ run_id, tts, stt, phone_noise })).id,
  }),
  'speech.transcribe': (_ctx, { stt, audio_base64 }) => transcribe({ stt, audio: Buffer.from(audio_base64, 'base64') }),
  'speech.synthesize': async (_ctx, input) => {
    const { audio, ...rest } = await synthesize(input);
    return { audio_base64: audio.toString('base64'), ...rest };
  },
  'speech.cache': (ctx, { clear }) => {
    if (clear) ctx.store.speechCache.clear();
    return { ...ctx.store.speechCache.stats(), cleared: clear };
  },
};
