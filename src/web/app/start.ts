// What the app's page imports as its first step (src/web/main.tsx): the routes and the app's
// providers, as one script.
export { App } from './app';
export { createAppRouter } from './router/router';
