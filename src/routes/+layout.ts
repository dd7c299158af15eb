// A client-only app: everything lives in IndexedDB on the device, so there is nothing to
// render on a server.
export const ssr = false;
export const prerender = false;
