import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["src/server/test/global-setup.ts"],
    setupFiles: ["scripts/vitest-setup.ts"],
    pool: "forks",
    // Each worker imports the server (Fastify, Better Auth, Fedify, react-email) once rather than
    // once per file: vitest measured 229–274 s of module import per pass before, 39 s after.
    // Tests build their own app and database (buildTestApp); none relies on fresh module state.
    isolate: false,
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine.
    // Most files wait on sockets, timers and child processes: the unit pass kept about one core
    // busy with two workers (546 s); three overlap better (400 s, same CPU time, no failure).
    maxWorkers: 3,
    // The default reporter, so the run ends with its summary (in CI too).
    reporters: ["default"],
  },
});
