export { voicetestTestsImporter, renderVoicetestTests } from './voicetest-tests.js';
export { parleySuiteImporter, renderParleySuite } from './parley-suite.js';
