/**
 * zod, configured for our CSP: its JIT probes `new Function("")`, which a policy without 'unsafe-eval'
 * reports as a violation in the browser. Schemas import z from here.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
