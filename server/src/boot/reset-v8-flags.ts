/**
 * Sets the heap-sizing V8 flags back to their defaults when it is evaluated. The launcher imports
 * it first: every built-in module loaded before the reset is compiled without its code cache
 * (v8-flag-defaults.ts), and the launcher's own imports (vm, os, module, …) come after it.
 */
import { restoreDefaultV8Flags } from './v8-flag-defaults';

restoreDefaultV8Flags();
