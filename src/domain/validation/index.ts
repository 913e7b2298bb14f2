// The one form-rules library (spec 3 §5): field rules, messages and input masks shared by every
// form in the app, in the browser and on the server.
export * from './dates';
export * from './fields';
export * from './masks';
export * from './messages';
export * from './patterns';
export * from './rules';
