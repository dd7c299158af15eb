/**
 * `@ngraveio/bc-ur` is written for Node and calls the global `Buffer`; browsers have none. This
 * module gives it the `buffer` package's, before `frames.ts` imports the library. Nothing else
 * in the app uses `Buffer`.
 */
import { Buffer } from 'buffer';

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
