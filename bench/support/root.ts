// Where the project is, for the build, the server's working directory and docs/PERFORMANCE.md.
export const ROOT = new URL('../../', import.meta.url).pathname;
