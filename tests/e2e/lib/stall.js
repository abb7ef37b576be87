// How long the browser tests wait for the next sign of progress: the
// stall bound of every test (docs/architecture.md, "Tests").  A wait
// ends when what it waits for happened and fails only when nothing
// moved for STALL_MS -- never because a loaded machine took long.
// SK_TEST_STALL_SECONDS sets it (default 120 s, as the C and shell
// tests).

const seconds = Number(process.env.SK_TEST_STALL_SECONDS);
export const STALL_MS = (Number.isInteger(seconds) && seconds > 0 ? seconds : 120) * 1000;

// node:test's own timeout of a whole test: only a safety net for a
// promise that never settles (every wait inside has its stall bound).
// Thirty stall bounds, an hour by default: a test takes half a minute
// alone and a few minutes at a load of 20, so no slow machine reaches
// it; a hung run still ends.
export const NET = { timeout: 30 * STALL_MS };
