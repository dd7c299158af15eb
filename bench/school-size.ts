/**
 * The size of a class as the bench loads it (`school.ts`), in a file of its own so that the
 * Node side (`pages.ts`) names what the browser side loaded without importing the app.
 */
export const STUDENTS = 36;
export const SESSIONS = 60;
export const GROUP = 4;
