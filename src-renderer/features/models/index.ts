/** The models feature's public parts: the Models page and the reusable model picker (run dialog). */
export { ModelsPage } from './ModelsPage.js';
export { ModelPicker, type ModelPickerProps } from './ModelPicker.js';
export { fromInfo, sameModel } from './model-spec.js';
export { PROVIDER_LABELS } from './format.js';
