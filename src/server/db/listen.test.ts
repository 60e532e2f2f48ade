import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listenOn } from "./listen";

// The one LISTEN loop every cross-process channel uses: it hears its channel only, and a
// connection killed under it is reported, replaced, and heard through again.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("listenOn (PostgreSQL)", () => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  afterAll(() => pool.end());

  it("hears its own channel's payloads, survives a killed connection, and stops", async () => {
    const heard: string[] = [];
    const dropped = vi.fn();
    const reconnected = vi.fn();
    const logged: string[] = [];
    const stop = await listenOn(
      pool,
      "duet_listen_test",
      { heard: (p) => heard.push(p), dropped, reconnected },
      (message) => logged.push(message),
      "the test channel",
    );
    await pool.query("select pg_notify('duet_listen_other', 'not ours')");
    await pool.query("select pg_notify('duet_listen_test', 'first')");
    await vi.waitFor(() => expect(heard).toEqual(["first"]));

    // Kill the listening backend, as a restart of PostgreSQL or a proxy would.
    await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN duet_listen_test'",
    );
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(logged).toEqual(["the test channel: the listening connection dropped"]);
    await pool.query("select pg_notify('duet_listen_test', 'second')");
    await vi.waitFor(() => expect(heard).toEqual(["first", "second"]));

    await stop();
    await pool.query("select pg_notify('duet_listen_test', 'after the stop')");
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(["first", "second"]);
    const left = await pool.query(
      "select count(*)::int as n from pg_stat_activity where query = 'LISTEN duet_listen_test'",
    );
    expect(left.rows[0].n).toBe(0);
  });
});
