/**
 * zod, configured for a page under a Content-Security-Policy without 'unsafe-eval'
 * (server/src/security/securityHeaders.ts). zod probes `Function('')` on its first parse to decide whether to
 * compile fast validators, and the browser reports that probe as a CSP violation even though zod catches the
 * error. Jitless mode skips the probe and validates the same way. Every engine schema imports zod from here, so
 * the setting is made before any schema in the same bundle chunk can parse at import time (the task table parses
 * its defaults as it loads); src/strictCsp.ts sets it for the app's own schemas.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
