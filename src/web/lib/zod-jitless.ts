import * as z from 'zod/v4';

// The app runs under a Content-Security-Policy without 'unsafe-eval'. Zod would otherwise probe
// for eval (new Function) when the first object schema is built, which the browser reports as a
// CSP violation even though zod catches the error.
//
// The web build resolves every `import … from 'zod'` to this module (vite.config.ts), so the
// setting comes with zod wherever zod is loaded: zod is not on the first screens, and arrives
// with the first screen or form that needs it.
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
