/** Name and version reported in `initialize` and in the User-Agent of service calls. */
export const SERVER_NAME = 'iql-language-server';
// Injected by esbuild from package.json; the fallback serves tests run from source.
declare const __IQL_VERSION__: string | undefined;
export const SERVER_VERSION: string = typeof __IQL_VERSION__ === 'string' ? __IQL_VERSION__ : '0.0.0-dev';
