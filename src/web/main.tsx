import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takePageAnswers } from './app/page-answers';
import { createAppRouter } from './app/router/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Ends the current task: what follows runs in a task of its own, after the browser's waiting work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Three tasks rather than one: the app's modules are evaluated as the page's script runs; then the
// router is created (which starts the session check, the screen's data calls and its code); then
// the first render is asked for. Each of them holds a phone's main thread for less time than the
// three together (ADR 046). An async function rather than awaits at the module's top level: with
// those, the bundler cut the small modules the app shares with the sign-in page (its CSRF header,
// the error codes) into requests of their own, on every screen and on the sign-in page.
async function start(root: HTMLElement) {
  // The answers the page came with (ADR 051), for the router's first loaders and the screen.
  takePageAnswers();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The first render as a transition: React renders it in slices, yielding to the browser between
  // them, instead of in one long task that holds a phone's main thread (ADR 035).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start(container);
