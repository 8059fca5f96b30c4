import { z } from 'zod';

/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (server/src/security/securityHeaders.ts).
 * zod would probe `Function('')` to decide whether to compile fast validators, which the browser reports
 * as a CSP violation; jitless mode skips the probe and validates exactly the same way.
 * Imported first by main.tsx, before any schema runs.
 */
z.config({ jitless: true });
