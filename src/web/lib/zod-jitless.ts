import { z } from 'zod';

// The app runs under a Content-Security-Policy without 'unsafe-eval'. Zod would otherwise probe
// for eval (new Function) when the first object schema is built, which the browser reports as a
// CSP violation even though zod catches the error. Imported first by main.tsx, before any schema.
z.config({ jitless: true });
