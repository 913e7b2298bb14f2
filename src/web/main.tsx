import { takePageAnswers } from './app/page-answers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Runs `step` in a task of its own, after the browser's waiting work (a paint, an answer). */
const inNextTask = <T,>(step: () => T | Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    setTimeout(() => {
      Promise.resolve().then(step).then(resolve, reject);
    }, 0);
  });

// The app starts in steps, each a task of its own (ADR 046, ADR 052): a phone's main thread is
// held for one step at a time rather than for all of them together. The page's script only takes
// the answers the page came with (ADR 051); the rest of the app is imported step by step, and
// each import's modules are evaluated as their step runs. The page names all of these scripts as
// module preloads (scripts/start-preloads.ts), so they are fetched with the page, not when each
// step asks for them. An async function rather than awaits at the module's top level: with those,
// the bundler cut the small modules the app shares with the sign-in page into requests of their own.
async function start(root: HTMLElement) {
  // The answers the page came with, for the router's first loaders and the screen.
  takePageAnswers();
  // The routes, React Router, the app's providers (theme, queries, alerts) and the frame's first
  // components.
  const { App, createAppRouter } = await inNextTask(() => import('./app/start'));
  // Creating the router starts the session check, the screen's data calls and its code (ADR 034).
  const router = await inNextTask(() => createAppRouter());
  // React DOM.
  const [{ createRoot }, { StrictMode, startTransition }] = await inNextTask(() =>
    Promise.all([import('react-dom/client'), import('react')]),
  );
  // The first render as a transition: React renders it in slices, yielding to the browser between
  // them, instead of in one long task that holds a phone's main thread (ADR 035).
  await inNextTask(() => {
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  });
}

void start(container);
